import type { InventoryLocation } from "../../api/transfers-schemas";
import { formatCOP } from "../../lib/format";
import { cardClass } from "../../lib/ui/classes";
import { summarizeLocation } from "./inventory";

/** One location's figures in the 'all locations' view. */
export function LocationSummaryCard({ location }: { location: InventoryLocation }) {
  const s = summarizeLocation(location);
  const rows: [string, string][] = [
    ["Productos únicos", String(s.uniqueProducts)],
    ["Productos activos", String(s.activeProducts)],
    ["Unidades totales", s.totalUnits.toLocaleString("es-CO")],
    ["Tallas totales", String(s.totalSizes)],
    ["Valor total", formatCOP(s.totalValue)],
    ["Promedio por producto", s.averagePerProduct.toLocaleString("es-CO")],
  ];
  return (
    <section className={cardClass} aria-label={`Resumen ${location.location_name}`} data-testid="location-summary">
      <p className="font-semibold text-stone-900">{location.location_name}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-right font-semibold tabular-nums text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
