import type { NumberingRange } from "../../../api/numbering";
import { FormModal, TextAreaField, useForm } from "../../../lib/ui/form";
import { useCorrectRangeText } from "../mutations";
import { DOCUMENT_TEXT_MAX, documentTextProblem } from "./rangeForm";
import { rangeLabel } from "./rangeText";

type Props = { range: NumberingRange; onClose: () => void; onSaved: (message: string) => void };

/** 'Corregir texto': only what the range's documents print changes; its numbers, prefix and dates stay. */
export function CorrectTextModal({ range, onClose, onSaved }: Props) {
  const correct = useCorrectRangeText();
  const form = useForm<{ document_text: string }>({
    initial: { document_text: range.document_text },
    validate: (v) => {
      const problem = documentTextProblem(v.document_text);
      return problem ? { document_text: problem } : {};
    },
    failurePrefix: "No se pudo corregir el texto",
    submit: async (v) => {
      const answer = await correct.mutateAsync({ id: range.id, text: v.document_text.trim() });
      onSaved(`${answer.message}: ${rangeLabel(answer.range)} · ${answer.range.location_name}`);
    },
  });
  return (
    <FormModal
      title={`Corregir texto · ${rangeLabel(range)}`}
      onClose={onClose}
      form={form}
      submitLabel="Guardar texto"
    >
      <TextAreaField
        label="Texto que imprime el documento"
        {...form.bind("document_text")}
        rows={4}
        maxLength={DOCUMENT_TEXT_MAX}
        hint="Solo cambia el texto: los números, el prefijo y las fechas de la resolución quedan como están"
      />
    </FormModal>
  );
}
