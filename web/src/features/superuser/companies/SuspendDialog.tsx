import { type FormEvent, useId, useState } from "react";
import type { Company } from "../../../api/superadmin-schemas";
import { inputClass, labelClass } from "../../../lib/ui/classes";
import { FormActions } from "../../../lib/ui/form";
import { Modal } from "../../../lib/ui/Modal";

type Props = {
  company: Company;
  busy: boolean;
  /** Called only with a non-empty reason. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Asks the suspension reason; an empty reason cancels the suspension (spec 2 §4, §5). */
export function SuspendDialog({ company, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "") {
      onCancel();
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Modal closeLabel="Cerrar ventana" title="Suspender Empresa" onClose={onCancel}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-stone-700">
          Los usuarios de <strong>{company.name}</strong> no podrán entrar ni usar la plataforma mientras esté
          suspendida.
        </p>
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Motivo de la suspensión
          </label>
          <textarea
            id={`${id}-reason`}
            className={inputClass}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Ej.: Factura vencida sin pago"
          />
          <p className="mt-1 text-xs text-stone-500">Sin motivo no se suspende la empresa.</p>
        </div>
        <FormActions
          onCancel={onCancel}
          busy={busy}
          submitLabel="Suspender"
          busyLabel="Suspendiendo..."
          disabled={trimmed === ""}
          tone="danger"
        />
      </form>
    </Modal>
  );
}
