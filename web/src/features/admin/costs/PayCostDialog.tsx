import type { Cost } from "../../../api/admin-schemas";
import { BILL_METHOD_OPTIONS } from "../../../lib/billPayments";
import { formatCOP, formatDate } from "../../../lib/format";
import type { IdempotencyKeys } from "../../../lib/idempotency";
import { FormModal, NumberField, SelectField, TextField, useForm } from "../../../lib/ui/form";
import { type PayValues, payDefaults, toCostPayment, validatePayment } from "../../company/costPayment";
import { bogotaToday } from "../../company/dates";
import { usePayCost } from "../mutations";

type Props = {
  cost: Cost;
  /** One key per payment sent: 'Registrar pago' again after a lost answer does not pay twice. */
  keys: IdempotencyKeys;
  onClose: () => void;
  onPaid: (message: string) => void;
};

/**
 * 'Pagar' a cost: what was paid (the cost's amount to start), when (today to start, never later), how
 * (from the fixed list) and an optional receipt number or note. The due date shown is the one sent, so
 * a period someone else paid meanwhile is refused instead of paying the next one.
 */
export function PayCostDialog({ cost, keys, onClose, onPaid }: Props) {
  const today = bogotaToday();
  const pay = usePayCost();
  const form = useForm<PayValues>({
    initial: () => payDefaults(cost.amount, today),
    validate: (values) => validatePayment(values, today),
    failurePrefix: "Error al registrar pago",
    submit: async (values) => {
      const payment = toCostPayment(cost, values);
      const answer = await keys.send(payment, (key) => pay.mutateAsync({ payment, key }));
      onPaid(
        `${cost.description}: ${answer.message || "Pago registrado"}${answer.end_date ? ` (próximo vencimiento ${formatDate(answer.end_date)})` : ""}`,
      );
    },
  });
  const { bind } = form;
  return (
    <FormModal
      title={`Pagar · ${cost.description}`}
      onClose={onClose}
      form={form}
      submitLabel="Registrar pago"
      busyLabel="Registrando..."
    >
      <p className="text-sm text-stone-700">
        {cost.due_date ? (
          <>
            Vencimiento que se paga: <strong>{formatDate(cost.due_date)}</strong> · valor del costo{" "}
            <strong>{formatCOP(cost.amount)}</strong>
          </>
        ) : (
          <>
            Valor del costo <strong>{formatCOP(cost.amount)}</strong> (sin vencimiento registrado)
          </>
        )}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <NumberField label="Monto pagado *" {...bind("amount")} step={1000} />
        <TextField label="Fecha de pago *" type="date" max={today} {...bind("paid_on")} />
      </div>
      <SelectField
        label="Método de pago *"
        {...bind("payment_method")}
        placeholder="Selecciona el método"
        options={BILL_METHOD_OPTIONS}
      />
      <TextField label="Comprobante o nota (opcional)" {...bind("note")} maxLength={300} />
    </FormModal>
  );
}
