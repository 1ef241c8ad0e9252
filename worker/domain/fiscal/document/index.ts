// The electronic POS document and its nota de ajuste, as pure functions: the input of a sale or a return in,
// the unsigned UBL XML, its CUDE and its QR text out. No database, no network: sending it is the technology
// provider's adapter's (docs/fiscal.md).
import { bogotaDateTime, checkInput } from "./amounts";
import { cude as computeCude, softwareSecurityCode } from "./cude";
import { qrText } from "./qr";
import type { ElectronicDocument, ElectronicDocumentInput } from "./types";
import { ublXml } from "./ubl";
import { buyerIdentity } from "./ubl-parties";

export { CORRECTION_CONCEPTS } from "./codes";
export type * from "./types";

export async function buildElectronicDocument(input: ElectronicDocumentInput): Promise<ElectronicDocument> {
  const totals = checkInput(input);
  const number = `${input.number.prefix}${input.number.consecutive}`;
  const issued = bogotaDateTime(input.issuedAt);
  const buyer = buyerIdentity(input.buyer);
  const cude = await computeCude({
    number,
    issueDate: issued.date,
    issueTime: issued.time,
    lineExtension: totals.lineExtension,
    iva: totals.iva,
    inc: 0,
    ica: 0,
    payable: totals.payable,
    issuerNit: input.issuer.nit,
    buyerNumber: buyer.number,
    softwarePin: input.software.pin,
    environment: input.environment,
  });
  const securityCode = await softwareSecurityCode(input.software.id, input.software.pin, number);
  const xml = ublXml(input, { number, totals, cude, softwareSecurityCode: securityCode });
  const qr = qrText({
    number,
    issueDate: issued.date,
    issueTime: issued.time,
    issuerNit: input.issuer.nit,
    buyerNumber: buyer.number,
    lineExtension: totals.lineExtension,
    iva: totals.iva,
    otherTaxes: 0,
    payable: totals.payable,
    cude,
    environment: input.environment,
  });
  return { xml, cude, qr };
}
