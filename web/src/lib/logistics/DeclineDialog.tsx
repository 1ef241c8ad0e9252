import { useState } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { productName } from "../format";
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

/** What a reason dialog says: its title and button, the consequence, the reason's label and suggestions. */
type ReasonTexts = {
  title: string;
  confirmLabel: string;
  /** After the transfer's line: what confirming does. */
  consequence: string;
  reasonLabel: string;
  /** The error of a confirm without a reason. */
  missing: string;
  suggestions: readonly string[];
};

/** A confirmation about one request that cannot be confirmed without a reason. */
function RequiredReasonDialog({
  transfer: t,
  busy,
  error,
  onConfirm,
  onCancel,
  texts,
}: ReasonDialogProps & { texts: ReasonTexts }) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === "";
  return (
    <StepConfirmDialog
      title={texts.title}
      confirmLabel={texts.confirmLabel}
      busy={busy}
      error={error ?? (touched && missing ? texts.missing : null)}
      onCancel={onCancel}
      onConfirm={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <p>
        {productName(t)} · Talla {t.size} · Cantidad {t.quantity}, pedida por {t.requester_name} (
        {t.destination_location_name}). {texts.consequence}
      </p>
      <ReasonField label={texts.reasonLabel} value={reason} onChange={setReason} suggestions={texts.suggestions} />
    </StepConfirmDialog>
  );
}

/** The keeper declines a pending request; the requester sees the reason in their transfers view. */
export function DeclineDialog(props: ReasonDialogProps) {
  const texts = {
    title: `¿Rechazar la solicitud #${props.transfer.id}?`,
    confirmLabel: "Rechazar solicitud",
    consequence: "No se reserva nada.",
    reasonLabel: "Motivo del rechazo",
    missing: "Indica el motivo del rechazo",
    suggestions: DECLINE_REASONS,
  };
  return <RequiredReasonDialog {...props} texts={texts} />;
}

/**
 * The keeper (or the source store's seller) cancels a request they had accepted and not handed over
 * yet: the reserved units are freed at once and the requester sees the reason.
 */
export function KeeperCancelDialog(props: ReasonDialogProps) {
  const { id, courier_info } = props.transfer;
  const texts = {
    title: `¿Cancelar la solicitud #${id}?`,
    confirmLabel: "Sí, cancelar",
    consequence: `Ya estaba aceptada: las unidades reservadas quedan libres${
      courier_info.name ? ` y ${courier_info.name} ya no debe recogerla` : ""
    }.`,
    reasonLabel: "Motivo de la cancelación",
    missing: "Indica el motivo de la cancelación",
    suggestions: KEEPER_CANCEL_REASONS,
  };
  return <RequiredReasonDialog {...props} texts={texts} />;
}
