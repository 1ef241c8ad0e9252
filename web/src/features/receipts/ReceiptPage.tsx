import { useAtomValue } from "jotai";
import { useState } from "react";
import { fetchReceipt } from "../../api/receipts";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ReceiptDocument } from "../../lib/receipt/ReceiptDocument";
import { mailtoLink, receiptUrl, whatsappLink } from "../../lib/receipt/share";
import { sessionAtom } from "../../lib/session";
import { linkButton, secondaryButton } from "../../lib/ui/classes";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Spinner } from "../../lib/ui/Spinner";

type Paper = "80mm" | "a4";

const PX_PER_MM = 96 / 25.4;
const ROLL_WIDTH_MM = 80;
const ROLL_MARGIN_MM = 2;

/**
 * The `@page` size of an 80 mm roll for a receipt `contentPx` CSS pixels tall: 80 mm wide and as long
 * as the receipt (plus its margins), so it prints as one strip. CSS takes no `auto` length in `size`
 * (`80mm auto` is dropped as invalid and the browser prints Letter): both lengths are given.
 */
export function rollPageSize(contentPx: number): string {
  const length = Math.max(ROLL_WIDTH_MM, Math.ceil(contentPx / PX_PER_MM) + 2 * ROLL_MARGIN_MM + 2);
  return `${ROLL_WIDTH_MM}mm ${length}mm`;
}

/** The receipt's height laid out as it prints on the roll (its width there, no padding). */
function heightOnRoll(): number {
  const receipt = document.querySelector<HTMLElement>(".receipt");
  if (!receipt) return 297 * PX_PER_MM;
  const saved = receipt.style.cssText;
  receipt.style.width = `${ROLL_WIDTH_MM - 2 * ROLL_MARGIN_MM}mm`;
  receipt.style.maxWidth = "none";
  receipt.style.padding = "0";
  const height = receipt.getBoundingClientRect().height;
  receipt.style.cssText = saved;
  return height;
}

/** Prints the receipt on the paper asked for: the page size is set just before the print dialog. */
function printOn(paper: Paper) {
  const style = document.createElement("style");
  style.dataset.receiptPaper = paper;
  style.textContent =
    paper === "80mm"
      ? `@page { size: ${rollPageSize(heightOnRoll())}; margin: ${ROLL_MARGIN_MM}mm; }`
      : "@page { size: A4; margin: 15mm; }";
  for (const old of document.head.querySelectorAll("style[data-receipt-paper]")) old.remove();
  document.head.append(style);
  document.documentElement.dataset.paper = paper;
  window.addEventListener(
    "afterprint",
    () => {
      style.remove();
      delete document.documentElement.dataset.paper;
    },
    { once: true },
  );
  window.print();
}

/** /recibo/<token>: a sale's receipt for anyone holding its link; staff also get print and share. */
export function ReceiptPage({ token }: { token: string }) {
  const session = useAtomValue(sessionAtom);
  const [copied, setCopied] = useState(false);
  const query = useRemoteData({
    area: "public",
    name: `receipt:${token}`,
    load: (signal) => fetchReceipt(token, signal),
  });
  if (query.error) {
    return (
      <div className="mx-auto max-w-sm p-4">
        <ErrorState title="No se pudo abrir el recibo" message={query.error} onRetry={query.reload} />
      </div>
    );
  }
  const receipt = query.data;
  if (!receipt) return <Spinner label="Cargando recibo..." />;
  const url = receiptUrl(token);
  return (
    <div className="min-h-dvh bg-stone-100 px-3 py-4 print:bg-white print:p-0">
      <div className="no-print mx-auto mb-3 flex max-w-sm flex-wrap gap-2">
        {session && (
          <button type="button" className={linkButton} onClick={() => window.history.back()}>
            ← Volver
          </button>
        )}
      </div>
      <ReceiptDocument receipt={receipt} />
      <div className="no-print mx-auto mt-4 grid max-w-sm grid-cols-2 gap-2">
        <button type="button" className={secondaryButton} onClick={() => printOn("80mm")}>
          Imprimir (80 mm)
        </button>
        <button type="button" className={secondaryButton} onClick={() => printOn("a4")}>
          Imprimir A4
        </button>
        <a
          className={`${secondaryButton} text-center`}
          href={whatsappLink(receipt, url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Enviar por WhatsApp
        </a>
        <a className={`${secondaryButton} text-center`} href={mailtoLink(receipt, url)}>
          Enviar por correo
        </a>
        <button
          type="button"
          className={`${secondaryButton} col-span-2`}
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Enlace copiado" : "Copiar enlace"}
        </button>
      </div>
    </div>
  );
}
