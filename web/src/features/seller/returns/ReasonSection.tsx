import type { ReturnReason } from "../../../api/sale-returns";
import { ChoiceChips } from "../../../lib/ui/ChoiceChips";
import { OptionalLabel } from "../../../lib/ui/Field";
import { TextAreaField } from "../../../lib/ui/form";
import { SectionCard } from "../SectionCard";
import { REASON_LABEL } from "./returnForm";

const REASONS = (Object.keys(REASON_LABEL) as ReturnReason[]).map((value) => ({ value, label: REASON_LABEL[value] }));

type Props = {
  reason: ReturnReason | null;
  notes: string;
  error?: string | undefined;
  onReason: (reason: ReturnReason) => void;
  onNotes: (notes: string) => void;
};

/** 'Motivo': why it comes back (a defect sends the units apart as damaged), and an optional note. */
export function ReasonSection({ reason, notes, error, onReason, onNotes }: Props) {
  return (
    <SectionCard title="Motivo">
      <div className="space-y-3">
        <ChoiceChips
          legend="Motivo de la devolución"
          hideLegend
          value={reason}
          choices={REASONS}
          onChange={onReason}
          error={error}
        />
        {reason === "defecto" && (
          <p className="text-sm text-stone-600">Con defecto, los pares quedan apartados como dañados.</p>
        )}
        <TextAreaField
          label={<OptionalLabel text="Nota" />}
          rows={2}
          maxLength={500}
          value={notes}
          onChange={onNotes}
          placeholder="Ej. le quedó grande, suela despegada"
        />
      </div>
    </SectionCard>
  );
}
