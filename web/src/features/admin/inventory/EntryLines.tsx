import type { AvailableLocation } from "../../../api/admin-schemas";
import { compactControl, smallButton } from "../../../lib/ui/classes";
import type { EntryLine } from "./distribution";

type Props = {
  /** "Pares", "Pies izquierdos" or "Pies derechos". */
  label: string;
  sizeLabel: string;
  lines: readonly EntryLine[];
  locations: readonly AvailableLocation[];
  onChange: (lines: EntryLine[]) => void;
  onAdd: () => void;
};

/** The location/quantity lines of one kind (pairs, left feet or right feet) of a size. */
export function EntryLines({ label, sizeLabel, lines, locations, onChange, onAdd }: Props) {
  const update = (key: string, patch: Partial<EntryLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const name = `${label} de la talla ${sizeLabel || "sin nombre"}`;
  return (
    <fieldset className="min-w-0">
      <legend className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</legend>
      <ul className="mt-1 space-y-1.5">
        {lines.map((line, index) => (
          <li key={line.key} className="flex items-center gap-1.5">
            <select
              aria-label={`Ubicación ${index + 1} · ${name}`}
              value={line.location_id}
              onChange={(e) => update(line.key, { location_id: e.target.value })}
              className={`${compactControl} min-w-0 flex-1`}
            >
              <option value="">Ubicación</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
            <input
              aria-label={`Cantidad ${index + 1} · ${name}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="0"
              value={line.quantity}
              onChange={(e) => update(line.key, { quantity: e.target.value })}
              className={`${compactControl} w-20 shrink-0`}
            />
            <button
              type="button"
              aria-label={`Quitar línea ${index + 1} · ${name}`}
              onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
              className="shrink-0 rounded-md px-2 py-1 text-lg leading-none text-stone-500 hover:bg-stone-100"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onAdd} className={`${smallButton} mt-1.5`}>
        + Agregar ubicación
      </button>
    </fieldset>
  );
}
