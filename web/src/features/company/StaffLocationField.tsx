import type { LocationType } from "../../../../shared/constants";
import { type Option, SelectField } from "../../lib/ui/form";

/** A location to choose for a user; its type, when known, limits it to the roles that work there. */
export type LocationOption = Option & { type?: LocationType };

/** The choices of the company's locations (id, name, type). */
export function locationOptions(list: readonly { id: number; name: string; type: LocationType }[]): LocationOption[] {
  return list.map((l) => ({ value: l.id, label: l.name, type: l.type }));
}

const NEEDED = {
  local: {
    hint: "Un vendedor trabaja en un local: solo ve y vende lo de ese local",
    placeholder: "Selecciona un local",
  },
  bodega: {
    hint: "Un bodeguero trabaja en una bodega: solo atiende lo de esa bodega",
    placeholder: "Selecciona una bodega",
  },
} as const;

/** False when the chosen location is one of the other kind than the role needs (a role needing none takes any). */
export function fitsKind(locations: readonly LocationOption[], id: string, kind: LocationType | null): boolean {
  if (kind === null || !id) return true;
  const place = locations.find((l) => String(l.value) === id);
  return place?.type === undefined || place.type === kind;
}

type Props = {
  /** The kind the user's role needs (a vendedor a store, a bodeguero a warehouse); null: optional, any. */
  kind: LocationType | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  locations: readonly LocationOption[];
};

/**
 * 'Ubicación' of a user: required and limited to stores for a vendedor, to warehouses for a bodeguero
 * (every call of theirs is scoped to it); optional, any location, for the other roles.
 */
export function StaffLocationField({ kind, value, onChange, error, locations }: Props) {
  if (kind === null) {
    return (
      <SelectField
        label="Ubicación (opcional)"
        value={value}
        onChange={onChange}
        error={error}
        placeholder="Sin ubicación"
        options={locations}
      />
    );
  }
  const options = locations.filter((l) => l.type === kind);
  const none =
    kind === "local" ? "No hay locales activos: crea uno primero" : "No hay bodegas activas: crea una primero";
  return (
    <SelectField
      label="Ubicación *"
      value={value}
      onChange={onChange}
      error={error}
      hint={options.length === 0 ? none : NEEDED[kind].hint}
      placeholder={NEEDED[kind].placeholder}
      options={options}
      required
    />
  );
}
