import { useState } from "react";
import { productName } from "../../../lib/format";
import type { ReasonDialogProps } from "../../../lib/logistics/DeclineDialog";
import { StepConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { ReasonField } from "../../../lib/ui/ReasonField";

/** The spec's default cancellation reasons (§9). */
export const CANCEL_REASONS = ["Cancelada por el vendedor", "Cliente ya no necesita el producto"] as const;

/**
 * Confirmation before cancelling a transfer, with its reason: a pending one, or one the source already
 * accepted (it frees the pairs reserved for it; the reason is required).
 */
export function CancelDialog({ transfer: t, busy, error, onConfirm, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  const [touched, setTouched] = useState(false);
  const accepted = t.status !== "pending";
  const missing = reason.trim() === "";
  const source = t.source_location_name || "El origen";
  return (
    <StepConfirmDialog
      title={`¿Cancelar la transferencia #${t.id}?`}
      confirmLabel="Sí, cancelar"
      busy={busy}
      error={error ?? (touched && missing && accepted ? "Indica el motivo de la cancelación" : null)}
      onCancel={onCancel}
      onConfirm={() => {
        setTouched(true);
        if (accepted && missing) return;
        onConfirm(reason.trim() || CANCEL_REASONS[0]);
      }}
    >
      <p>
        {productName(t)} · Talla {t.size} · Cantidad {t.quantity}.{" "}
        {accepted
          ? `${source} ya la aceptó: dejará de prepararla y liberará lo que tenía reservado.`
          : `${source} dejará de prepararla.`}
      </p>
      <ReasonField label="Motivo" value={reason} onChange={setReason} suggestions={CANCEL_REASONS} />
    </StepConfirmDialog>
  );
}
