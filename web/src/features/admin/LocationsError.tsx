import type { LocationOptions } from "./useLocationOptions";

/** Said when the location list of a form could not be loaded (the selects are then empty). */
export function LocationsError({ options }: { options: LocationOptions }) {
  if (!options.error) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <span>No se pudieron cargar las ubicaciones: {options.error}</span>
      <button type="button" onClick={options.retry} className="font-semibold underline">
        Reintentar
      </button>
    </div>
  );
}
