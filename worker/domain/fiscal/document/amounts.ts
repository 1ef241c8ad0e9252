// The document's figures: its totals from the lines, the checks that keep them consistent, and how DIAN
// writes amounts, dates and times.
import { invalid } from "../../shared/errors";
import type { DocumentLine, ElectronicDocumentInput, TaxClass, TaxRateBp } from "./types";

/** Centavos as DIAN writes an amount: two decimals and '.', no thousands separator ("1190150.00"). */
export function formatAmount(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A rate in basis points as a percent with two decimals (1900 → "19.00"). */
export function formatPercent(rateBp: number): string {
  return formatAmount(rateBp);
}

/** Whole units with the six decimals of DIAN's examples. */
export function formatQuantity(quantity: number): string {
  return `${quantity}.000000`;
}

const BOGOTA_OFFSET_MS = -5 * 60 * 60_000;

/** The Bogotá date ('YYYY-MM-DD') and time ('HH:MM:SS-05:00') of an ISO instant (UTC−5 all year). */
export function bogotaDateTime(isoInstant: string): { date: string; time: string } {
  const ms = Date.parse(isoInstant);
  if (Number.isNaN(ms)) throw invalid(`La fecha de emisión no es válida: ${isoInstant}`);
  const local = new Date(ms + BOGOTA_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: `${local.slice(11, 19)}-05:00` };
}

/** Excluido lines are outside IVA: they carry no IVA group and no taxable base. */
export const bearsIva = (line: DocumentLine) => line.taxClass !== "excluido";

export interface IvaGroup {
  rateBp: TaxRateBp;
  base: number;
  tax: number;
}

export interface DocumentTotals {
  /** LegalMonetaryTotal/LineExtensionAmount: every line's base (ValDE of the CUDE). */
  lineExtension: number;
  /** TaxExclusiveAmount: the bases IVA is computed on (excluido lines left out). */
  taxExclusive: number;
  /** The IVA of the document (ValImp1 of the CUDE). */
  iva: number;
  taxInclusive: number;
  /** PayableAmount: the sum of the lines' nets (ValTot of the CUDE). */
  payable: number;
  /** IVA by rate, highest rate first. */
  ivaGroups: IvaGroup[];
}

export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const sum = (values: number[]) => values.reduce((acc, value) => acc + value, 0);
  const ivaLines = lines.filter(bearsIva);
  const rates = [...new Set(ivaLines.map((line) => line.taxRateBp))].sort((a, b) => b - a);
  const ivaGroups = rates.map((rateBp) => {
    const atRate = ivaLines.filter((line) => line.taxRateBp === rateBp);
    return { rateBp, base: sum(atRate.map((l) => l.taxBase)), tax: sum(atRate.map((l) => l.taxAmount)) };
  });
  const lineExtension = sum(lines.map((l) => l.taxBase));
  const iva = sum(ivaGroups.map((g) => g.tax));
  return {
    lineExtension,
    taxExclusive: sum(ivaGroups.map((g) => g.base)),
    iva,
    taxInclusive: lineExtension + iva,
    payable: sum(lines.map((l) => l.net)),
    ivaGroups,
  };
}

/**
 * The line's value before IVA and before its discount, and the discount (both before IVA): the XML writes
 * the price and a line allowance so that price × quantity − discount = the line's base.
 */
export function lineGross(line: DocumentLine): { gross: number; discount: number } {
  const grossWithIva = line.unitPrice * line.quantity;
  const gross = Math.max(line.taxBase, Math.round((grossWithIva * 10_000) / (10_000 + line.taxRateBp)));
  return { gross, discount: gross - line.taxBase };
}

const RATE_OF_CLASS: Record<TaxClass, TaxRateBp> = { iva_19: 1900, iva_5: 500, exento: 0, excluido: 0 };

const isCentavos = (value: number) => Number.isInteger(value) && value >= 0;

function checkLine(line: DocumentLine, position: number): void {
  const where = `Línea ${position} (${line.code})`;
  if (!Number.isInteger(line.quantity) || line.quantity <= 0)
    throw invalid(`${where}: la cantidad debe ser un entero positivo`);
  for (const [name, value] of Object.entries({
    unitPrice: line.unitPrice,
    net: line.net,
    taxBase: line.taxBase,
    taxAmount: line.taxAmount,
  })) {
    if (!isCentavos(value)) throw invalid(`${where}: ${name} debe ser un entero de centavos no negativo`);
  }
  if (RATE_OF_CLASS[line.taxClass] !== line.taxRateBp) {
    throw invalid(`${where}: la tarifa ${line.taxRateBp / 100} % no corresponde a la clase ${line.taxClass}`);
  }
  if (line.taxBase + line.taxAmount !== line.net) throw invalid(`${where}: base más IVA no suma el valor neto`);
  // the IVA a sale stores comes from its net, so it may differ by one centavo from base × rate
  if (Math.abs(line.taxAmount - Math.round((line.taxBase * line.taxRateBp) / 10_000)) > 1) {
    throw invalid(`${where}: el IVA no corresponde a la base y la tarifa`);
  }
  if (line.net > line.unitPrice * line.quantity) throw invalid(`${where}: el valor neto supera precio por cantidad`);
}

/** Refuses an input whose figures do not add up, before anything is hashed or written. */
export function checkInput(input: ElectronicDocumentInput): DocumentTotals {
  if (input.lines.length === 0) throw invalid("El documento no tiene líneas");
  for (const [index, line] of input.lines.entries()) checkLine(line, index + 1);
  if (!/^\d+$/.test(input.issuer.nit))
    throw invalid("El NIT del emisor debe tener solo dígitos, sin dígito de verificación");
  if (input.buyer?.idType === "NIT" && !input.buyer.checkDigit)
    throw invalid("El NIT del comprador necesita su dígito de verificación");
  if (input.payments.length === 0) throw invalid("El documento no tiene medios de pago");
  const totals = documentTotals(input.lines);
  const paid = input.payments.reduce((acc, p) => acc + p.amount, 0);
  if (!input.payments.every((p) => isCentavos(p.amount)) || paid !== totals.payable) {
    throw invalid("Los pagos no suman el total del documento");
  }
  bogotaDateTime(input.issuedAt);
  return totals;
}
