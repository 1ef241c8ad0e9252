import { type ReactNode, useState } from "react";
import { secondaryButton } from "../ui/classes";
import { printOn } from "./print";
import { mailtoLink, receiptUrl, type Shared, whatsappLink } from "./share";

type Props = {
  /** What the messages name: the receipt, or what the screen knows of it (number, total, company). */
  receipt: Shared;
  token: string;
  /** The customer's, when the sale names one: WhatsApp opens their chat, the e-mail is addressed to them. */
  phone?: string | null | undefined;
  email?: string | null | undefined;
  /** The receipt is drawn on this page: it prints on the 80 mm roll or on A4. */
  printable?: boolean;
  /** 'Copiar enlace' too. */
  copyLink?: boolean;
  /** First in the grid (a link to the receipt's own page). */
  children?: ReactNode;
  className?: string;
};

/** A receipt's way out of the store: print it, send its link by WhatsApp or e-mail, copy the link. */
export function ReceiptActions({
  receipt,
  token,
  phone,
  email,
  printable = false,
  copyLink = false,
  children,
  className = "",
}: Props) {
  const [copied, setCopied] = useState(false);
  const url = receiptUrl(token);
  const button = `${secondaryButton} text-center`;
  return (
    <div className={`no-print grid grid-cols-2 gap-2 ${className}`}>
      {children}
      {printable && (
        <>
          <button type="button" className={button} onClick={() => printOn("80mm")}>
            Imprimir (80 mm)
          </button>
          <button type="button" className={button} onClick={() => printOn("a4")}>
            Imprimir A4
          </button>
        </>
      )}
      <a
        className={button}
        href={whatsappLink(receipt, url, phone ?? undefined)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Enviar por WhatsApp
      </a>
      <a className={button} href={mailtoLink(receipt, url, email ?? "")}>
        Enviar por correo
      </a>
      {copyLink && (
        <button
          type="button"
          className={`${button} col-span-2`}
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Enlace copiado" : "Copiar enlace"}
        </button>
      )}
    </div>
  );
}
