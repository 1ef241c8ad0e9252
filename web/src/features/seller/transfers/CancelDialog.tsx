import { useId, useState } from "react";
import type { Transfer } from "../../../api/transfers-schemas";
import { ConfirmDialog } from "../../transfers/ConfirmDialog";
import { inputClass, labelClass } from "../../transfers/ui";

/** The spec's default cancellation reasons (§9). */
export const CANCEL_REASONS = ["Cancelada por el vendedor", "Cliente ya no necesita el producto"] as const;

type Props = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Confirmation before cancelling a pending transfer, with its reason. */
export function CancelDialog({ transfer: t, busy, error, onConfirm, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  return (
    <ConfirmDialog
      title={`¿Cancelar la transferencia #${t.id}?`}
      confirmLabel="Sí, cancelar"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim() || CANCEL_REASONS[0])}
    >
      <p>
        {t.brand} {t.model} · Talla {t.size} · Cantidad {t.quantity}. La bodega dejará de prepararla.
      </p>
      <div>
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Motivo
        </label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
          className={inputClass}
        />
        <div className="mt-2 flex flex-wrap gap-2">
          {CANCEL_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => setReason(r)}
              className="rounded-full border border-stone-300 px-3 py-1 text-xs font-semibold text-stone-700"
            >
              {r}
            </button>
          ))}
        </div>
      </div>
    </ConfirmDialog>
  );
}
