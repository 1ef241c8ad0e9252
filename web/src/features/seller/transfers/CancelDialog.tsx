import { useState } from "react";
import type { ReasonDialogProps } from "../../../lib/logistics/DeclineDialog";
import { StepConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { ReasonField } from "../../../lib/ui/ReasonField";

/** The spec's default cancellation reasons (§9). */
export const CANCEL_REASONS = ["Cancelada por el vendedor", "Cliente ya no necesita el producto"] as const;

/** Confirmation before cancelling a pending transfer, with its reason. */
export function CancelDialog({ transfer: t, busy, error, onConfirm, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  return (
    <StepConfirmDialog
      title={`¿Cancelar la transferencia #${t.id}?`}
      confirmLabel="Sí, cancelar"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim() || CANCEL_REASONS[0])}
    >
      <p>
        {t.brand} {t.model} · Talla {t.size} · Cantidad {t.quantity}. {t.source_location_name || "El origen"} dejará de
        prepararla.
      </p>
      <ReasonField label="Motivo" value={reason} onChange={setReason} suggestions={CANCEL_REASONS} />
    </StepConfirmDialog>
  );
}
