import { useEffect } from "react";
import { PAYMENT_TYPES, type PaymentType } from "../../api/seller-schemas";
import { formatCOP, PAYMENT_LABEL } from "../../lib/format";
import { linkButton } from "../../lib/ui/classes";
import { OptionalLabel } from "../../lib/ui/Field";
import { NumberField, SelectField, TextField } from "../../lib/ui/form";
import { LineFieldset, LineList, type RowEdit } from "./LineList";
import { QuickCash } from "./QuickCash";
import { SectionCard } from "./SectionCard";
import { changeOf, emptyPayment, followTotal, leftToPay, type PaymentDraft, parseNumber } from "./saleForm";

const REFERENCE_PLACEHOLDER: Record<PaymentType, string> = {
  efectivo: "",
  tarjeta: "****1234",
  transferencia: "Número o código de la transferencia",
};

type RowProps = {
  payment: PaymentDraft;
  index: number;
  /** What is left to pay with this row's amount left out, to fill it in one tap. */
  remaining: number;
} & RowEdit<PaymentDraft>;

function PaymentRow({ payment, index, canRemove, remaining, onChange, onRemove }: RowProps) {
  return (
    <LineFieldset
      testId="payment-row"
      legend={`Pago ${index + 1}`}
      after={
        <div className="mt-2 flex items-center justify-between">
          {remaining > 0 && remaining !== amountOf(payment) ? (
            <button
              type="button"
              onClick={() => onChange({ ...payment, amount: String(remaining), amount_typed: true })}
              className={linkButton}
            >
              Usar saldo ({formatCOP(remaining)})
            </button>
          ) : (
            <span />
          )}
          {canRemove && (
            <button type="button" onClick={onRemove} className="text-sm font-semibold text-red-700 hover:text-red-800">
              Quitar pago
            </button>
          )}
        </div>
      }
    >
      <SelectField
        label="Método"
        value={payment.payment_type}
        onChange={(v) => onChange({ ...payment, payment_type: v as PaymentType })}
      >
        {PAYMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {PAYMENT_LABEL[type]}
          </option>
        ))}
      </SelectField>
      <NumberField
        decimal
        label="Monto"
        value={payment.amount}
        onChange={(v) => onChange({ ...payment, amount: v, amount_typed: true })}
        placeholder="0"
      />
      {payment.payment_type === "efectivo" && <CashReceived payment={payment} onChange={onChange} />}
      {payment.payment_type !== "efectivo" && (
        <TextField
          className="col-span-2"
          label={<OptionalLabel text="Referencia" />}
          value={payment.reference}
          onChange={(reference) => onChange({ ...payment, reference })}
          placeholder={REFERENCE_PLACEHOLDER[payment.payment_type]}
          autoComplete="off"
        />
      )}
    </LineFieldset>
  );
}

/**
 * 'Efectivo recibido' typed or picked among the round amounts ('Exacto', 190.000…), and the change to
 * hand back, as the seller counts the customer's cash.
 */
function CashReceived({ payment, onChange }: { payment: PaymentDraft; onChange: (payment: PaymentDraft) => void }) {
  const change = changeOf(payment);
  const setCash = (cash_received: string) => onChange({ ...payment, cash_received });
  return (
    <>
      <NumberField
        className="col-span-2"
        label={<OptionalLabel text="Efectivo recibido" />}
        value={payment.cash_received}
        onChange={setCash}
        placeholder="0"
      />
      <QuickCash amount={parseNumber(payment.amount)} received={payment.cash_received} onPick={setCash} />
      {change !== null && (
        <p
          className={`col-span-2 text-sm font-semibold ${change < 0 ? "text-red-700" : "text-emerald-800"}`}
          data-testid="cash-change"
          role={change < 0 ? "alert" : "status"}
        >
          {change < 0 ? `Faltan ${formatCOP(-change)}` : `Cambio: ${formatCOP(change)}`}
        </p>
      )}
    </>
  );
}

type Props = {
  payments: PaymentDraft[];
  net: number;
  paid: number;
  onChange: (payments: PaymentDraft[]) => void;
  /** The card's title and the name of what is paid (an exchange pays its difference). */
  title?: string;
  totalLabel?: string;
};

const amountOf = (p: PaymentDraft) => {
  const value = parseNumber(p.amount);
  return Number.isFinite(value) ? value : 0;
};

/**
 * 'Métodos de pago': split payments; the last one cannot be removed (spec 1 §5). The first starts at the
 * total and follows it (and what the other methods take) until the seller types its amount; a method
 * added starts at what is left.
 */
export function PaymentsSection({
  payments,
  net,
  paid,
  onChange,
  title = "Métodos de pago",
  totalLabel = "Total",
}: Props) {
  const difference = Math.round((net - paid) * 100) / 100;
  // after each change of the total or of another method (the parent owns the payments)
  useEffect(() => {
    const followed = followTotal(payments, net);
    if (followed) onChange(followed);
  });
  return (
    <SectionCard title={title}>
      <LineList
        rows={payments}
        onChange={onChange}
        newRow={() => {
          const left = leftToPay(payments, net);
          return {
            ...emptyPayment(payments.length === 1 ? "tarjeta" : "efectivo"),
            amount: left > 0 ? String(left) : "",
          };
        }}
        addLabel="+ Agregar método de pago"
      >
        {(payment, index, edit) => (
          <PaymentRow
            payment={payment}
            index={index}
            remaining={Math.round((net - (paid - amountOf(payment))) * 100) / 100}
            {...edit}
          />
        )}
      </LineList>
      <dl className="mt-3 grid grid-cols-3 gap-2 rounded-lg bg-stone-50 p-3 text-center text-sm">
        <div>
          <dt className="text-stone-600">{totalLabel}</dt>
          <dd className="font-semibold text-stone-900">{formatCOP(net)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Pagado</dt>
          <dd className="font-semibold text-stone-900">{formatCOP(paid)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Diferencia</dt>
          <dd
            className={`font-semibold ${Math.abs(difference) < 0.01 ? "text-green-700" : "text-red-700"}`}
            data-testid="payment-difference"
          >
            {formatCOP(difference)}
          </dd>
        </div>
      </dl>
    </SectionCard>
  );
}
