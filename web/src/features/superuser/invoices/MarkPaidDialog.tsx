import { type FormEvent, useState } from "react";
import type { Payment } from "../../../api/superadmin";
import type { Invoice } from "../../../api/superadmin-schemas";
import { BILL_METHOD_OPTIONS, isBillMethod } from "../../../lib/billPayments";
import { formatCOP } from "../../../lib/format";
import { FormActions, SelectField, TextField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";

type Props = {
  invoice: Invoice;
  busy: boolean;
  onConfirm: (payment: Payment) => void;
  onCancel: () => void;
};

/**
 * 'Marcar Pagada': the payment method first, chosen from the fixed list the server accepts (required),
 * then an optional reference (spec 2 §2, §5).
 */
export function MarkPaidDialog({ invoice, busy, onConfirm, onCancel }: Props) {
  const [method, setMethod] = useState("");
  const [reference, setReference] = useState("");
  const ready = isBillMethod(method);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBillMethod(method)) return;
    onConfirm({
      payment_method: method,
      payment_reference: reference.trim() === "" ? null : reference.trim(),
      paid_at: new Date().toISOString(),
    });
  };

  return (
    <Modal closeLabel="Cerrar ventana" title="Marcar Pagada" onClose={onCancel}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-stone-700">
          Factura <strong className="font-mono">{invoice.invoice_number}</strong> de {invoice.company_name} por{" "}
          <strong>{formatCOP(invoice.total_amount)}</strong>.
        </p>
        <SelectField
          label="Método de pago *"
          value={method}
          onChange={setMethod}
          placeholder="Selecciona el método"
          options={BILL_METHOD_OPTIONS}
          required
        />
        <TextField
          label="Referencia (opcional)"
          value={reference}
          onChange={setReference}
          maxLength={120}
          disabled={!ready}
          placeholder="Número de comprobante"
        />
        <FormActions onCancel={onCancel} busy={busy} submitLabel="Marcar Pagada" disabled={!ready} />
      </form>
    </Modal>
  );
}
