// The IVA fields the API answers with a sale line or a return line, for fixtures: 19 % on a net in pesos.
import type { VatReport } from "../../web/src/api/admin-schemas";
import { lineTax } from "../../worker/domain/fiscal/tax";

/** A sale line's tax fields for a net (pesos) at IVA 19 %. */
export function lineTaxFields(netPesos: number) {
  const { base, tax } = lineTax(Math.round(netPesos * 100), 1900);
  return {
    net_amount: netPesos,
    tax_class: "iva_19" as const,
    tax_rate: 19,
    tax_base: base / 100,
    tax_amount: tax / 100,
  };
}

/** A document's taxes for a total (pesos) all at IVA 19 %: what `taxes` answers. */
export function taxesOf(totalPesos: number) {
  const { tax_base, tax_amount } = lineTaxFields(totalPesos);
  return [{ tax_class: "iva_19" as const, rate: 19, base: tax_base, tax: tax_amount }];
}

/** An IVA report of Local Centro: 19 % with a return, and excluido lines (GET …/reports/iva). */
export const VAT_REPORT = {
  start_date: "2026-11-01",
  end_date: "2026-11-28",
  location_id: null,
  lines: [
    {
      location_id: 1,
      location_name: "Local Centro",
      tax_class: "iva_19",
      rate: 19,
      sales_base: 310840.34,
      sales_tax: 59059.66,
      returns_base: 100000,
      returns_tax: 19000,
      net_base: 210840.34,
      net_tax: 40059.66,
    },
    {
      location_id: 1,
      location_name: "Local Centro",
      tax_class: "excluido",
      rate: 0,
      sales_base: 50000,
      sales_tax: 0,
      returns_base: 0,
      returns_tax: 0,
      net_base: 50000,
      net_tax: 0,
    },
  ],
  totals: {
    sales_base: 360840.34,
    sales_tax: 59059.66,
    returns_base: 100000,
    returns_tax: 19000,
    net_base: 260840.34,
    net_tax: 40059.66,
  },
} satisfies VatReport;
