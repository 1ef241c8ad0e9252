import type { AvailableLocation } from "../../../api/admin-schemas";
import { Badge } from "../../../lib/ui/Badge";
import { BarcodeScanButton } from "../../../lib/ui/BarcodeScanButton";
import { compactInputClass, labelClass } from "../../../lib/ui/classes";
import { emptyLine, footTotals, isUnbalanced, SIDE_LABEL, type Side, type SizeRow, UNBALANCED } from "./distribution";
import { EntryLines } from "./EntryLines";

type Props = {
  row: SizeRow;
  index: number;
  locations: readonly AvailableLocation[];
  /** False for the only size row: it cannot be removed. */
  removable: boolean;
  onChange: (row: SizeRow) => void;
  onRemove: () => void;
};

const SIDES: readonly Side[] = ["pairs", "left_feet", "right_feet"];

/** One size: its label, the pairs / left feet / right feet per location, and the 'Desbalanceado' warning. */
export function SizeRowEditor({ row, index, locations, removable, onChange, onRemove }: Props) {
  const { left, right } = footTotals(row);
  const inputId = `${row.key}-size`;
  return (
    <li data-testid="size-row" className="rounded-lg border border-stone-200 bg-stone-50/60 p-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="w-28">
          <label htmlFor={inputId} className={labelClass}>
            Talla {index + 1}
          </label>
          <input
            id={inputId}
            value={row.size}
            maxLength={10}
            placeholder="Ej. 40"
            onChange={(e) => onChange({ ...row, size: e.target.value })}
            className={compactInputClass}
          />
        </div>
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={`${row.key}-barcode`} className={labelClass}>
            Código de la caja (opcional)
          </label>
          <div className="flex items-center gap-2">
            <input
              id={`${row.key}-barcode`}
              value={row.barcode}
              maxLength={60}
              inputMode="numeric"
              autoComplete="off"
              placeholder="EAN-13, UPC-A o Code 128"
              onChange={(e) => onChange({ ...row, barcode: e.target.value })}
              className={compactInputClass}
            />
            <BarcodeScanButton label="Escanear" onRead={(barcode) => onChange({ ...row, barcode })} />
          </div>
        </div>
        <div className="flex items-center gap-2">
          {isUnbalanced(row) && (
            <span title={`Izquierdos ${left} · Derechos ${right}`}>
              <Badge tone="warning">{UNBALANCED}</Badge>
            </span>
          )}
          <button
            type="button"
            onClick={onRemove}
            disabled={!removable}
            title={removable ? undefined : "Debe haber al menos una talla"}
            className="rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent"
          >
            Eliminar talla
          </button>
        </div>
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        {SIDES.map((side) => (
          <EntryLines
            key={side}
            label={SIDE_LABEL[side]}
            sizeLabel={row.size.trim()}
            lines={row[side]}
            locations={locations}
            onChange={(lines) => onChange({ ...row, [side]: lines })}
            onAdd={() => onChange({ ...row, [side]: [...row[side], emptyLine()] })}
          />
        ))}
      </div>
      {(left > 0 || right > 0) && (
        <p className="mt-2 text-xs text-stone-600">
          Pies izquierdos: {left} · Pies derechos: {right}
        </p>
      )}
    </li>
  );
}
