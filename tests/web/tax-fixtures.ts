// The IVA fields the API answers with a sale line or a return line, for fixtures: 19 % on a net in pesos.
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
