import type { LocationPerformance } from "../../../api/boss-schemas";
import { formatCOP, countLabel as plural } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { locationTypeLabel } from "../../company/labels";
import { formatPercent } from "../format";

/** The top 5 locations by month-to-date sales, each with its efficiency as a bar. */
export function TopLocations({ locations }: { locations: readonly LocationPerformance[] }) {
  if (locations.length === 0) return <EmptyState text="No hay ubicaciones" />;
  return (
    <ol className="divide-y divide-stone-100">
      {locations.map((l, index) => (
        <li key={l.location_id} data-testid="top-location" className="py-3 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                <span className="mr-1.5 text-stone-600 tabular-nums">{index + 1}.</span>
                {l.location_name}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
                <Badge tone={l.location_type === "bodega" ? "info" : "neutral"}>
                  {locationTypeLabel(l.location_type)}
                </Badge>
                <span>{plural(l.active_users, "usuario activo", "usuarios activos")}</span>
                <span>{plural(l.pending_transfers, "transferencia pendiente", "transferencias pendientes")}</span>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold text-stone-900 tabular-nums">
                <span className="mr-1 text-xs font-normal text-stone-500">Mes</span>
                {formatCOP(l.monthly_sales)}
              </p>
              <p className="text-xs text-stone-500 tabular-nums">Hoy {formatCOP(l.daily_sales)}</p>
            </div>
          </div>
          <div className="mt-2 flex items-center gap-2">
            <div aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-100">
              <div
                className="h-full rounded-full bg-orange-500"
                style={{ width: `${Math.min(100, Math.max(0, l.efficiency_score))}%` }}
              />
            </div>
            <span className="w-14 shrink-0 text-right text-xs font-medium text-stone-700 tabular-nums">
              <span className="sr-only">Eficiencia </span>
              {formatPercent(l.efficiency_score)}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
