import { formatCOP } from "../../lib/format";
import { mutedText } from "../../lib/ui/classes";
import { useObjectUrl } from "../../lib/ui/useObjectUrl";
import { parseNumber } from "./saleForm";

type Props = { concept: string; amount: string; notes: string; receipt: File | null };

/** Live preview of the expense being typed (spec 1 §2 'Registrar Nuevo Gasto'). */
export function ExpensePreview({ concept, amount, notes, receipt }: Props) {
  const value = parseNumber(amount);
  const preview = useObjectUrl(receipt);
  return (
    <aside aria-label="Vista previa del gasto" className="rounded-xl border border-orange-200 bg-orange-50/60 p-4">
      <p className="text-xs font-semibold tracking-wide text-orange-800 uppercase">Vista previa</p>
      <div className="mt-2 flex items-start justify-between gap-3">
        <p className={`min-w-0 font-semibold ${concept.trim() ? "text-stone-900" : mutedText}`}>
          {concept.trim() || "Concepto del gasto"}
        </p>
        <p className="shrink-0 text-lg font-bold text-stone-900" data-testid="expense-preview-amount">
          {formatCOP(Number.isFinite(value) ? value : 0)}
        </p>
      </div>
      {notes.trim() && <p className="mt-1 text-sm text-stone-700">{notes.trim()}</p>}
      <p className="mt-2 text-xs text-stone-600">{receipt ? "Con foto del recibo" : "Sin foto del recibo"}</p>
      {preview && (
        <img src={preview} alt="Recibo del gasto" className="mt-2 max-h-32 rounded-lg border border-stone-200" />
      )}
    </aside>
  );
}
