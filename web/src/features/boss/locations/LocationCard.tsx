import type { BossLocation } from "../../../api/boss-schemas";
import { countLabel, formatCOP } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { LocationDetails } from "../../company/LocationDetails";
import { formatCount } from "../format";

/** A location with its staff, products in stock and inventory value. */
export function LocationCard({ location }: { location: BossLocation }) {
  return (
    <li
      data-testid="boss-location-card"
      className={`flex flex-col rounded-lg border p-3 ${location.is_active ? "border-stone-200" : "border-dashed border-stone-300 bg-stone-50"}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-stone-900">{location.name}</p>
        {location.is_active ? <Badge tone="success">Activa</Badge> : <Badge tone="neutral">Inactiva</Badge>}
      </div>
      <LocationDetails location={location} capacity={(c) => countLabel(c, "par", "pares")}>
        {location.notes && <p className="text-stone-500 italic">{location.notes}</p>}
      </LocationDetails>
      <dl className="mt-auto grid grid-cols-2 gap-2 pt-3 text-center">
        <div className="rounded-md bg-stone-50 px-1 py-1.5">
          <dt className="text-xs text-stone-500">Usuarios</dt>
          <dd className="font-semibold tabular-nums">{formatCount(location.assigned_users_count)}</dd>
        </div>
        <div className="rounded-md bg-stone-50 px-1 py-1.5">
          <dt className="text-xs text-stone-500">Productos</dt>
          <dd className="font-semibold tabular-nums">{formatCount(location.total_products)}</dd>
        </div>
        <div className="col-span-2 rounded-md bg-stone-50 px-3 py-1.5">
          <dt className="text-xs text-stone-500">Valor del inventario</dt>
          <dd className="font-semibold tabular-nums" data-testid="location-inventory-value">
            {formatCOP(location.total_inventory_value)}
          </dd>
        </div>
      </dl>
    </li>
  );
}
