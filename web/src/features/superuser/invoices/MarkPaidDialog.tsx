import { type FormEvent, useId, useState } from "react";
import type { Payment } from "../../../api/superadmin";
import type { Invoice } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import { inputClass, labelClass } from "../../../lib/ui/classes";
import { FormActions, TextField } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";

const METHODS = ["Transferencia bancaria", "Consignación", "PSE", "Tarjeta", "Efectivo"];

type Props = {
  invoice: Invoice;
  busy: boolean;
  onConfirm: (payment: Payment) => void;
  onCancel: () => void;
};

/** 'Marcar Pagada': the payment method first (required), then an optional reference (spec 2 §2, §5). */
export function MarkPaidDialog({ invoice, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  const [method, setMethod] = useState("");
  const [reference, setReference] = useState("");
  const ready = method.trim() !== "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onConfirm({
      payment_method: method.trim(),
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
        <div>
          <label htmlFor={`${id}-method`} className={labelClass}>
            Método de pago *
          </label>
          <input
            id={`${id}-method`}
            className={inputClass}
            list={`${id}-methods`}
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            maxLength={60}
            required
            placeholder="Ej.: Transferencia bancaria"
          />
          <datalist id={`${id}-methods`}>
            {METHODS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
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
