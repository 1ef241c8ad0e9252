import { PAYMENT_TYPES, type PaymentType } from "../../../api/seller-schemas";
import { formatCOP, PAYMENT_LABEL } from "../../../lib/format";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { CheckboxField, NumberField } from "../../../lib/ui/form";
import { SectionCard } from "../SectionCard";

const METHODS = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_LABEL[value] }));

/** 'Efectivo · Tarjeta · Transferencia': how the money goes back to the customer. */
export function RefundMethod({
  value,
  onChange,
  legend = "Cómo se devuelve el dinero",
}: {
  value: PaymentType;
  onChange: (method: PaymentType) => void;
  legend?: string;
}) {
  return <ChoiceChips legend={legend} value={value} choices={METHODS} onChange={onChange} columns="fit" />;
}

type Props = {
  /** What the chosen units are worth, as estimated here (the server's figure is the one paid). */
  estimate: number;
  /** The sale had a discount: the units are worth their share of it. */
  discounted: boolean;
  method: PaymentType;
  partial: boolean;
  amount: string;
  onMethod: (method: PaymentType) => void;
  onPartial: (partial: boolean) => void;
  onAmount: (amount: string) => void;
};

/** 'Devolver dinero': everything paid for the units by default, or less when the seller says so. */
export function RefundSection({ estimate, discounted, method, partial, amount, onMethod, onPartial, onAmount }: Props) {
  return (
    <SectionCard title="Reembolso">
      <div className="space-y-3">
        <RefundMethod value={method} onChange={onMethod} />
        <div className="rounded-lg bg-stone-50 p-3 text-sm">
          <p className="font-semibold text-stone-900">Se devuelve todo lo pagado por esas unidades</p>
          {estimate > 0 && (
            <p className="text-stone-600" data-testid="refund-estimate">
              Aprox. {formatCOP(estimate)}
              {discounted && " (con su parte del descuento de la venta)"}
            </p>
          )}
        </div>
        <CheckboxField label="Devolver menos" checked={partial} onChange={onPartial} />
        {partial && (
          <NumberField
            label="Monto a devolver *"
            value={amount}
            onChange={onAmount}
            placeholder="0"
            hint="No puede superar lo que se pagó por esas unidades"
          />
        )}
      </div>
    </SectionCard>
  );
}
