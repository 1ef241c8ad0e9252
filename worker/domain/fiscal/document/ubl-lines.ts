// The money of the document: how it was paid, its IVA by rate, its totals and its lines (each with its
// own IVA; an excluido line carries none). Element order is UBL 2.1's.
import { bearsIva, type DocumentTotals, formatAmount, formatPercent, formatQuantity, lineGross } from "./amounts";
import { CURRENCY, IVA, OWN_ITEM_SCHEME, PAYMENT_FORM_CASH, paymentMeansCode, UNIT_CODE } from "./codes";
import type { DocumentLine, Payment } from "./types";
import { el, leaf, type XmlElement } from "./xml";

const money = (tag: string, centavos: number) => leaf(tag, formatAmount(centavos), { currencyID: CURRENCY });

/** One PaymentMeans per means used (UBL carries no amount per means; the total is the PayableAmount). */
export function paymentMeans(payments: readonly Payment[], issueDate: string): XmlElement[] {
  const codes = [...new Set(payments.map(paymentMeansCode))];
  return codes.map((code) =>
    el("cac:PaymentMeans", null, [
      leaf("cbc:ID", PAYMENT_FORM_CASH),
      leaf("cbc:PaymentMeansCode", code),
      leaf("cbc:PaymentDueDate", issueDate),
    ]),
  );
}

function ivaSubtotal(base: number, tax: number, rateBp: number): XmlElement {
  return el("cac:TaxSubtotal", null, [
    money("cbc:TaxableAmount", base),
    money("cbc:TaxAmount", tax),
    el("cac:TaxCategory", null, [
      leaf("cbc:Percent", formatPercent(rateBp)),
      el("cac:TaxScheme", null, [leaf("cbc:ID", IVA.id), leaf("cbc:Name", IVA.name)]),
    ]),
  ]);
}

/** The document's IVA: one TaxTotal for the tax (01) with one TaxSubtotal per rate; none if no line bears IVA. */
export function documentTaxTotal(totals: DocumentTotals): XmlElement | null {
  if (totals.ivaGroups.length === 0) return null;
  return el("cac:TaxTotal", null, [
    money("cbc:TaxAmount", totals.iva),
    ...totals.ivaGroups.map((group) => ivaSubtotal(group.base, group.tax, group.rateBp)),
  ]);
}

export function legalMonetaryTotal(totals: DocumentTotals): XmlElement {
  return el("cac:LegalMonetaryTotal", null, [
    money("cbc:LineExtensionAmount", totals.lineExtension),
    money("cbc:TaxExclusiveAmount", totals.taxExclusive),
    money("cbc:TaxInclusiveAmount", totals.taxInclusive),
    money("cbc:PayableAmount", totals.payable),
  ]);
}

/** The sale's discount share of the line, before IVA, as a line allowance. */
function lineDiscount(discount: number, gross: number): XmlElement {
  const percentBp = Math.round((discount * 10_000) / gross);
  return el("cac:AllowanceCharge", null, [
    leaf("cbc:ID", "1"),
    leaf("cbc:ChargeIndicator", "false"),
    leaf("cbc:AllowanceChargeReason", "Descuento"),
    leaf("cbc:MultiplierFactorNumeric", formatPercent(percentBp)),
    money("cbc:Amount", discount),
    money("cbc:BaseAmount", gross),
  ]);
}

function lineTaxTotal(line: DocumentLine): XmlElement {
  return el("cac:TaxTotal", null, [
    money("cbc:TaxAmount", line.taxAmount),
    ivaSubtotal(line.taxBase, line.taxAmount, line.taxRateBp),
  ]);
}

function item(line: DocumentLine): XmlElement {
  return el("cac:Item", null, [
    leaf("cbc:Description", line.description),
    el("cac:StandardItemIdentification", null, [leaf("cbc:ID", line.code, OWN_ITEM_SCHEME)]),
    line.size && el("cac:AdditionalItemProperty", null, [leaf("cbc:Name", "Talla"), leaf("cbc:Value", line.size)]),
  ]);
}

/**
 * An InvoiceLine (POS document) or CreditNoteLine (nota de ajuste). Price is the unit's value before IVA and
 * discount; the discount goes as an allowance, so price × quantity − discount = LineExtensionAmount (up to a
 * centavo per unit when the gross does not divide by the quantity).
 */
export function documentLine(line: DocumentLine, position: number, kind: "invoice" | "creditNote"): XmlElement {
  const { gross, discount } = lineGross(line);
  const allowance = discount > 0 && lineDiscount(discount, gross);
  const taxTotal = bearsIva(line) && lineTaxTotal(line);
  const quantity = leaf(
    kind === "invoice" ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity",
    formatQuantity(line.quantity),
    {
      unitCode: UNIT_CODE,
    },
  );
  return el(kind === "invoice" ? "cac:InvoiceLine" : "cac:CreditNoteLine", null, [
    leaf("cbc:ID", String(position)),
    quantity,
    money("cbc:LineExtensionAmount", line.taxBase),
    leaf("cbc:FreeOfChargeIndicator", "false"),
    // UBL puts a line's allowance before its TaxTotal in an invoice and after it in a credit note
    kind === "invoice" && allowance,
    taxTotal,
    kind === "creditNote" && allowance,
    item(line),
    el("cac:Price", null, [
      money("cbc:PriceAmount", Math.round(gross / line.quantity)),
      leaf("cbc:BaseQuantity", formatQuantity(1), { unitCode: UNIT_CODE }),
    ]),
  ]);
}
