import type { InventoryEntryResult } from "../../../api/admin-schemas";
import { countLabel, formatCOP } from "../../../lib/format";

/** The success summary of an inventory entry (spec §8): product, code, totals, prices, distribution, time. */
export function EntrySummary({ result, onClose }: { result: InventoryEntryResult; onClose: () => void }) {
  return (
    <section
      aria-label="Inventario registrado"
      className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-950 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-bold">✓ Inventario registrado exitosamente</h3>
        <button type="button" onClick={onClose} aria-label="Cerrar resumen" className="px-1 font-bold">
          ×
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-green-800">Producto</dt>
          <dd className="font-semibold">
            {result.brand} {result.model}
          </dd>
        </div>
        <div>
          <dt className="text-green-800">Código</dt>
          <dd className="font-semibold break-all" data-testid="entry-reference">
            {result.reference_code}
          </dd>
        </div>
        <div>
          <dt className="text-green-800">Total de zapatos</dt>
          <dd className="font-semibold tabular-nums" data-testid="entry-total-shoes">
            {result.total_shoes}
          </dd>
        </div>
        <div>
          <dt className="text-green-800">Ubicaciones</dt>
          <dd className="font-semibold tabular-nums">{result.locations_count}</dd>
        </div>
        <div>
          <dt className="text-green-800">Precio unitario</dt>
          <dd className="font-semibold tabular-nums">{formatCOP(result.unit_price)}</dd>
        </div>
        <div>
          <dt className="text-green-800">Precio por caja</dt>
          <dd className="font-semibold tabular-nums">
            {result.box_price === null ? "—" : formatCOP(result.box_price)}
          </dd>
        </div>
        <div>
          <dt className="text-green-800">Tiempo de procesamiento</dt>
          <dd className="font-semibold tabular-nums">{result.processing_time_seconds.toLocaleString("es-CO")} s</dd>
        </div>
      </dl>
      <h4 className="mt-4 text-sm font-semibold">Distribución por ubicación</h4>
      <ul className="mt-1 divide-y divide-green-200 text-sm">
        {result.distribution_summary.map((d) => (
          <li key={d.location_name} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <span className="font-medium">{d.location_name}</span>
            <span className="tabular-nums">
              {countLabel(d.total_pairs, "par", "pares")} · {d.total_left_feet} izq. · {d.total_right_feet} der.
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
