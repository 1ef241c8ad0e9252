import { useState } from "react";
import { fetchAdminLocations } from "../../../api/admin";
import { type AdminLocation, AdminLocationsSchema } from "../../../api/admin-schemas";
import { LocationDetails } from "../../../lib/company/LocationDetails";
import { LocationGroups } from "../../../lib/company/LocationGroups";
import { formatCOP } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { LocationStatsModal } from "./LocationStatsModal";

function LocationCard({ location, onStats }: { location: AdminLocation; onStats: () => void }) {
  return (
    <li data-testid="location-card" className="flex flex-col rounded-lg border border-stone-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-stone-900">{location.name}</p>
        {location.is_active ? <Badge tone="success">Activa</Badge> : <Badge tone="neutral">Inactiva</Badge>}
      </div>
      <LocationDetails location={location} capacity={(c) => c.toLocaleString("es-CO")} />
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-md bg-stone-50 px-1 py-1.5">
          <dt className="text-xs text-stone-500">Usuarios</dt>
          <dd className="font-semibold tabular-nums">{location.assigned_users_count}</dd>
        </div>
        <div className="rounded-md bg-stone-50 px-1 py-1.5">
          <dt className="text-xs text-stone-500">Productos</dt>
          <dd className="font-semibold tabular-nums">{location.total_products}</dd>
        </div>
        <div className="col-span-2 flex items-baseline justify-between gap-2 rounded-md bg-stone-50 px-3 py-1.5">
          <dt className="text-xs text-stone-500">Valor del inventario</dt>
          <dd className="font-semibold tabular-nums">{formatCOP(location.total_inventory_value)}</dd>
        </div>
      </dl>
      <button type="button" onClick={onStats} className={`${secondaryButton} mt-3`}>
        Ver estadísticas (30 días)
      </button>
    </li>
  );
}

/** Ubicaciones: stores ('Locales de Venta') and warehouses, each with its 30-day stats. */
export function LocationsSection() {
  const [selected, setSelected] = useState<AdminLocation | null>(null);
  const live = useRemoteData({
    area: "admin",
    name: "locations",
    schema: AdminLocationsSchema,
    load: fetchAdminLocations,
  });
  return (
    <div className="space-y-4">
      <DataState live={live} loadingLabel="Cargando ubicaciones...">
        {({ locations }) => (
          <LocationGroups
            locations={locations}
            card={(l) => <LocationCard key={l.id} location={l} onStats={() => setSelected(l)} />}
          />
        )}
      </DataState>
      {selected && <LocationStatsModal location={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}
