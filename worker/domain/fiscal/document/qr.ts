// The text of the QR code printed on the POS document and on its nota de ajuste: one "Key=value" per line,
// the CUDE and the DIAN catalogue page that shows the document.
//
// The keys follow the invoice annex's QR (NumFac, FecFac, HorFac, NitFac, DocAdq, ValFac, ValIva, ValOtroIm,
// ValTolFac, CUFE, QRCode) with the documento equivalente's names; the DE annex's own table could not be read
// here, so they live in this one list to be corrected in one place.
import { formatAmount } from "./amounts";
import { catalogueUrl } from "./codes";
import type { Environment } from "./types";

export interface QrFields {
  number: string;
  issueDate: string;
  issueTime: string;
  issuerNit: string;
  buyerNumber: string;
  /** Value before taxes (LineExtensionAmount), centavos. */
  lineExtension: number;
  iva: number;
  /** Taxes other than IVA; Horma's sales have none. */
  otherTaxes: number;
  payable: number;
  cude: string;
  environment: Environment;
}

export function qrText(fields: QrFields): string {
  const entries: [string, string][] = [
    ["NumDE", fields.number],
    ["FecDE", fields.issueDate],
    ["HorDE", fields.issueTime],
    ["NitOFE", fields.issuerNit],
    ["DocAdq", fields.buyerNumber],
    ["ValTotal", formatAmount(fields.lineExtension)],
    ["ValIVA", formatAmount(fields.iva)],
    ["ValOtroIm", formatAmount(fields.otherTaxes)],
    ["ValTolDE", formatAmount(fields.payable)],
    ["CUDE", fields.cude],
    ["QRCode", catalogueUrl(fields.environment, fields.cude)],
  ];
  return entries.map(([key, value]) => `${key}=${value}`).join("\n");
}
