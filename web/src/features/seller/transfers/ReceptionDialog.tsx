import { useId, useState } from "react";
import type { Transfer } from "../../../api/transfers-schemas";
import { ConfirmDialog } from "../../transfers/ConfirmDialog";
import { inputClass, labelClass } from "../../transfers/ui";

type Props = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onConfirm: (reception: { receivedQuantity: number; conditionOk: boolean; notes: string }) => void;
  onCancel: () => void;
};

/** The seller confirms a delivered transfer: how many arrived, in good condition or not, notes. */
export function ReceptionDialog({ transfer: t, busy, error, onConfirm, onCancel }: Props) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(t.quantity));
  const [conditionOk, setConditionOk] = useState(true);
  const [notes, setNotes] = useState("");
  const parsed = Number.parseInt(quantity, 10);
  const received = Number.isInteger(parsed) && parsed >= 0 ? Math.min(parsed, t.quantity) : t.quantity;
  return (
    <ConfirmDialog
      title={`Confirmar recepción #${t.id}`}
      confirmLabel="Confirmar Recepción"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => onConfirm({ receivedQuantity: received, conditionOk, notes })}
    >
      <p>
        {t.brand} {t.model} · Talla {t.size} · Enviados: {t.quantity}
      </p>
      <div>
        <label htmlFor={`${id}-qty`} className={labelClass}>
          Cantidad recibida
        </label>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={0}
          max={t.quantity}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          className={inputClass}
        />
      </div>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={conditionOk}
          onChange={(e) => setConditionOk(e.target.checked)}
          className="size-5 accent-orange-600"
        />
        Llegó en buen estado
      </label>
      <div>
        <label htmlFor={`${id}-notes`} className={labelClass}>
          Notas <span className="font-normal text-stone-500">(opcional)</span>
        </label>
        <textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className={inputClass}
        />
      </div>
    </ConfirmDialog>
  );
}
