import { useState } from "react";
import { pluralWord } from "../../../../../shared/plural";
import type { Transfer } from "../../../api/transfers-schemas";
import { countLabel, productName } from "../../../lib/format";
import { StepConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { CheckboxField, NotesField, NumberField } from "../../../lib/ui/form";

type Props = {
  transfer: Transfer;
  busy: boolean;
  error: string | null;
  onConfirm: (reception: {
    receivedQuantity: number;
    conditionOk: boolean;
    damagedQuantity: number;
    notes: string;
  }) => void;
  onCancel: () => void;
};

/**
 * The seller confirms a delivered transfer: how many arrived, how many of those are damaged, notes.
 * Units short or damaged are not lost: the administrador sees them as a discrepancy to resolve.
 */
export function ReceptionDialog({ transfer: t, busy, error, onConfirm, onCancel }: Props) {
  const [quantity, setQuantity] = useState(String(t.quantity));
  const [conditionOk, setConditionOk] = useState(true);
  const [notes, setNotes] = useState("");
  const parsed = Number.parseInt(quantity, 10);
  const received = Number.isInteger(parsed) && parsed >= 0 ? Math.min(parsed, t.quantity) : t.quantity;
  const [damagedText, setDamagedText] = useState("");
  const damagedParsed = Number.parseInt(damagedText, 10);
  // not in good condition with no count given: every received unit is damaged
  const damaged = conditionOk
    ? 0
    : Number.isInteger(damagedParsed) && damagedParsed >= 0
      ? Math.min(damagedParsed, received)
      : received;
  const short = t.quantity - received;
  const tooMany = Number.isInteger(parsed) && parsed > t.quantity;
  const tooManyText = `No puedes recibir más de lo enviado (${t.quantity})`;
  return (
    <StepConfirmDialog
      title={`Confirmar recepción #${t.id}`}
      confirmLabel="Confirmar Recepción"
      busy={busy}
      error={tooMany ? tooManyText : error}
      onCancel={onCancel}
      onConfirm={() => {
        if (!tooMany) onConfirm({ receivedQuantity: received, conditionOk, damagedQuantity: damaged, notes });
      }}
    >
      <p>
        {productName(t)} · Talla {t.size} · Enviados: {t.quantity}
      </p>
      <NumberField label="Cantidad recibida" max={t.quantity} value={quantity} onChange={setQuantity} />
      <CheckboxField
        label="Llegó en buen estado"
        checked={conditionOk}
        onChange={setConditionOk}
        className="flex items-center gap-2 font-medium"
        large
      />
      {!conditionOk && (
        <NumberField
          label="¿Cuántos llegaron dañados?"
          max={received}
          placeholder={String(received)}
          value={damagedText}
          onChange={setDamagedText}
        />
      )}
      {(short > 0 || damaged > 0) && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="reception-discrepancy">
          {[
            short > 0 ? countLabel(short, "faltante", "faltantes") : null,
            damaged > 0 ? countLabel(damaged, "dañado", "dañados") : null,
          ]
            .filter(Boolean)
            .join(" y ")}
          : quedan registrados como diferencia para el administrador;{" "}
          {received === damaged
            ? "no entra nada a tu inventario."
            : `solo ${received - damaged} ${pluralWord(received - damaged, "entra", "entran")} a tu inventario.`}
        </p>
      )}
      <NotesField value={notes} onChange={setNotes} />
    </StepConfirmDialog>
  );
}
