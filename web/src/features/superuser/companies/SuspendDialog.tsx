import { type FormEvent, useId, useState } from "react";
import type { Company } from "../../../api/superadmin-schemas";
import { dangerButton, inputClass, labelClass, secondaryButton } from "../../../lib/ui/classes";
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cancelar
          </button>
          <button type="submit" disabled={busy || trimmed === ""} className={dangerButton}>
            {busy ? "Suspendiendo..." : "Suspender"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
