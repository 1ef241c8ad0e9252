import { useState } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { StepConfirmDialog } from "../ui/ConfirmDialog";
import { ReasonField } from "../ui/ReasonField";

/** Reasons a keeper most often gives; any other can be typed. */
export const DECLINE_REASONS = [
  "Sin stock real de esa talla",
  "Pares apartados para otro cliente",
  "Producto en mal estado",
] as const;

/** Why a keeper calls off a request they had already accepted; any other can be typed. */
export const KEEPER_CANCEL_REASONS = [
  "Los pares no están en buen estado",
  "No encontramos los pares reservados",
  "Se vendieron en el origen",
] as const;

/** A confirmation about one transfer that asks for a reason (decline, cancel). */
export type ReasonDialogProps = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** The keeper declines a pending request; the requester sees the reason in their transfers view. */
/** A reason the dialog cannot be confirmed without: its text, and the error once a confirm was tried. */
function useRequiredReason(missingText: string, onConfirm: (reason: string) => void) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === "";
  return {
    reason,
    setReason,
    missingError: touched && missing ? missingText : null,
    confirm: () => {
      setTouched(true);
      if (!missing) onConfirm(reason.trim());
    },
  };
}

export function DeclineDialog({ transfer: t, busy, error, onConfirm, onCancel }: ReasonDialogProps) {
  const { reason, setReason, missingError, confirm } = useRequiredReason("Indica el motivo del rechazo", onConfirm);
  return (
    <StepConfirmDialog
      title={`¿Rechazar la solicitud #${t.id}?`}
      confirmLabel="Rechazar solicitud"
      busy={busy}
      error={error ?? missingError}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <p>
        {t.brand} {t.model} · Talla {t.size} · Cantidad {t.quantity}, pedida por {t.requester_name} (
        {t.destination_location_name}). No se reserva nada.
      </p>
      <ReasonField label="Motivo del rechazo" value={reason} onChange={setReason} suggestions={DECLINE_REASONS} />
    </StepConfirmDialog>
  );
}

/**
 * The keeper (or the source store's seller) cancels a request they had accepted and not handed over
 * yet: the reserved units are freed at once and the requester sees the reason.
 */
export function KeeperCancelDialog({ transfer: t, busy, error, onConfirm, onCancel }: ReasonDialogProps) {
  const { reason, setReason, missingError, confirm } = useRequiredReason(
    "Indica el motivo de la cancelación",
    onConfirm,
  );
  const courier = t.courier_info.name;
  return (
    <StepConfirmDialog
      title={`¿Cancelar la solicitud #${t.id}?`}
      confirmLabel="Sí, cancelar"
      busy={busy}
      error={error ?? missingError}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <p>
        {t.brand} {t.model} · Talla {t.size} · Cantidad {t.quantity}, pedida por {t.requester_name} (
        {t.destination_location_name}). Ya estaba aceptada: las unidades reservadas quedan libres
        {courier ? ` y ${courier} ya no debe recogerla` : ""}.
      </p>
      <ReasonField
        label="Motivo de la cancelación"
        value={reason}
        onChange={setReason}
        suggestions={KEEPER_CANCEL_REASONS}
      />
    </StepConfirmDialog>
  );
}
