// The CUDE (código único de documento electrónico) of the POS document and of its nota de ajuste, and the
// SoftwareSecurityCode. SHA-384 through WebCrypto, which Workers and Node 20 both have.
//
// CUDE = SHA-384(NumDE + FecDE + HorDE + ValDE + "01" + ValImp1 + "04" + ValImp2 + "03" + ValImp3 + ValTot
//                + NitOFE + NumAdq + Software-PIN + TipoAmb)
// Checked against DIAN's own example documents (Caja de herramientas Doc-Equivalentes V1-3, "Ejemplo POS.xml"):
// its cbc:UUID is exactly this hash of its fields, with ValDE = LineExtensionAmount and ValTot = PayableAmount
// (tests/domain/fiscal-document.test.ts).
import { formatAmount } from "./amounts";
import { ICA_CODE, INC_CODE, IVA } from "./codes";
import type { Environment } from "./types";

export interface CudeFields {
  /** NumDE: prefix and consecutive ("EPOS002"). */
  number: string;
  /** FecDE: 'YYYY-MM-DD'. */
  issueDate: string;
  /** HorDE: 'HH:MM:SS-05:00'. */
  issueTime: string;
  /** ValDE: LineExtensionAmount, centavos. */
  lineExtension: number;
  /** ValImp1 (01, IVA), ValImp2 (04, INC), ValImp3 (03, ICA): centavos. */
  iva: number;
  inc: number;
  ica: number;
  /** ValTot: PayableAmount, centavos. */
  payable: number;
  /** NitOFE: the issuer's NIT without check digit. */
  issuerNit: string;
  /** NumAdq: the buyer's document number (222222222222 for the consumidor final). */
  buyerNumber: string;
  softwarePin: string;
  environment: Environment;
}

/** The text the CUDE hashes, in the annex's order. */
export function cudeSource(fields: CudeFields): string {
  return [
    fields.number,
    fields.issueDate,
    fields.issueTime,
    formatAmount(fields.lineExtension),
    IVA.id,
    formatAmount(fields.iva),
    INC_CODE,
    formatAmount(fields.inc),
    ICA_CODE,
    formatAmount(fields.ica),
    formatAmount(fields.payable),
    fields.issuerNit,
    fields.buyerNumber,
    fields.softwarePin,
    fields.environment,
  ].join("");
}

/** Lowercase hex SHA-384 of a UTF-8 text. */
export async function sha384Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-384", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function cude(fields: CudeFields): Promise<string> {
  return sha384Hex(cudeSource(fields));
}

/** SoftwareSecurityCode = SHA-384(software id + PIN + document number). */
export function softwareSecurityCode(softwareId: string, pin: string, documentNumber: string): Promise<string> {
  return sha384Hex(`${softwareId}${pin}${documentNumber}`);
}
