import { useState } from "react";
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  type DeliveryFailureReason,
} from "../../../../shared/constants";
import { FAILURE_NOTE_REQUIRED, FAILURE_REASON_REQUIRED } from "../../../../shared/messages";
import type { Transfer } from "../../api/transfers-schemas";
import { productName } from "../../lib/format";
import { ChoiceChips } from "../../lib/ui/ChoiceChips";
import { StepConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { TextAreaField } from "../../lib/ui/form";

const CHOICES = DELIVERY_FAILURE_REASONS.map((value) => ({ value, label: DELIVERY_FAILURE_LABELS[value] }));

type Props = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: DeliveryFailureReason, notes: string) => void;
  onCancel: () => void;
};

/** What the courier's form asks before sending: a reason, and a note when the reason is «Otro». */
export function failedDeliveryProblem(reason: DeliveryFailureReason | null, notes: string): string | null {
  if (reason === null) return FAILURE_REASON_REQUIRED;
  if (reason === "otro" && notes.trim() === "") return FAILURE_NOTE_REQUIRED;
  return null;
}

/**
 * 'No se pudo entregar': the courier says why (a fixed list, big chips for a thumb) and may add a note
 * («Otro» needs one). The units stay with the courier; the attempt is added to the transfer's history.
 */
export function FailedDeliveryDialog({ transfer: t, busy, error, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState<DeliveryFailureReason | null>(null);
  const [notes, setNotes] = useState("");
  const [tried, setTried] = useState(false);
  const problem = failedDeliveryProblem(reason, notes);
  return (
    <StepConfirmDialog
      title={`No se pudo entregar #${t.id}`}
      confirmLabel="Registrar intento"
      busy={busy}
      error={error ?? (tried ? problem : null)}
      onCancel={onCancel}
      onConfirm={() => {
        setTried(true);
        if (problem || reason === null) return;
        onConfirm(reason, notes.trim());
      }}
    >
      <p>
        {productName(t)} · Talla {t.size} · {t.destination_location_name}. El producto sigue contigo: podrás intentarlo
        de nuevo o llevarlo de vuelta al origen.
      </p>
      <ChoiceChips legend="¿Qué pasó?" value={reason} choices={CHOICES} onChange={setReason} columns={2} />
      <TextAreaField
        label={
          <>
            Nota{" "}
            <span className="font-normal text-stone-500">{reason === "otro" ? "(obligatoria)" : "(opcional)"}</span>
          </>
        }
        rows={2}
        maxLength={500}
        value={notes}
        onChange={setNotes}
        error={tried && reason === "otro" && notes.trim() === "" ? FAILURE_NOTE_REQUIRED : undefined}
      />
    </StepConfirmDialog>
  );
}
