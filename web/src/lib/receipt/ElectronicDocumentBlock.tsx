import { useMemo } from "react";
import { renderSVG } from "uqr";
import type { Receipt } from "../../api/receipts";

type Electronic = NonNullable<Receipt["electronic"]>;

/**
 * What DIAN asks a POS document (or its nota de ajuste) to print: its CUDE, the QR that opens it in DIAN's
 * catalogue, and where it stands at DIAN. The QR is drawn here from its text (uqr: a few kB, no canvas).
 */
export function ElectronicDocumentBlock({ electronic: e }: { electronic: Electronic }) {
  const qr = useMemo(
    () => (e.qr ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(e.qr, { border: 1 }))}` : null),
    [e.qr],
  );
  return (
    <section aria-label="Documento electrónico" className="text-[11px]">
      {e.kind === "adjustment" && <p className="font-bold">Nota de ajuste {e.number}</p>}
      {e.cude ? (
        <p className="break-all" data-testid="receipt-cude">
          CUDE: {e.cude}
        </p>
      ) : (
        <p>CUDE pendiente: se genera al completar la configuración de facturación electrónica.</p>
      )}
      {qr && <img src={qr} alt={`Código QR del documento ${e.number}`} className="mx-auto my-2 h-32 w-32" />}
      <p data-testid="receipt-dian-state">Estado DIAN: {e.status_text}</p>
    </section>
  );
}
