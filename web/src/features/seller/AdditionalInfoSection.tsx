import { NotesField } from "../../lib/ui/form";
import { ReceiptPicker } from "./ReceiptPicker";
import { SectionCard } from "./SectionCard";

type Props = {
  notes: string;
  requiresConfirmation: boolean;
  receipt: File | null;
  onNotes: (notes: string) => void;
  onRequiresConfirmation: (value: boolean) => void;
  onReceipt: (file: File | null) => void;
};

/** 'Información adicional': notes, whether the sale waits for confirmation, and the receipt photo. */
export function AdditionalInfoSection(props: Props) {
  return (
    <SectionCard title="Información adicional">
      <div className="space-y-4">
        <NotesField value={props.notes} onChange={props.onNotes} />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            checked={props.requiresConfirmation}
            onChange={(e) => props.onRequiresConfirmation(e.target.checked)}
            className="size-5 rounded border-stone-300 accent-orange-600"
          />
          Requiere confirmación
        </label>
        <ReceiptPicker label="Foto del recibo (opcional)" file={props.receipt} onChange={props.onReceipt} />
      </div>
    </SectionCard>
  );
}
