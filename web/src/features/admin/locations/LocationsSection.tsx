import { useState } from "react";
import type { AdminLocation } from "../../../api/admin-schemas";
import { formatCOP } from "../../../lib/format";
import { errorMessage, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { useDialog } from "../../../lib/ui/useDialog";
import { LocationDetails } from "../../company/LocationDetails";
import { LocationGroups } from "../../company/LocationGroups";
import { useSetLocationActive } from "../mutations";
import { adminQueries } from "../queries";
import { EditLocationModal } from "./EditLocationModal";
import { LocationStatsModal } from "./LocationStatsModal";

type CardActions = { onStats: () => void; onEdit: () => void; onToggle: () => void };

function LocationCard({ location, onStats, onEdit, onToggle }: { location: AdminLocation } & CardActions) {
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
      <div className="mt-2 flex flex-wrap gap-2">
        <SmallButton label={`Editar ${location.name}`} onClick={onEdit}>
          Editar
        </SmallButton>
        <SmallButton
          label={`${location.is_active ? "Desactivar" : "Reactivar"} ${location.name}`}
          danger={location.is_active}
          onClick={onToggle}
        >
          {location.is_active ? "Desactivar" : "Reactivar"}
        </SmallButton>
      </div>
    </li>
  );
}

/** Ubicaciones: stores ('Locales de Venta') and warehouses, each with its 30-day stats. */
export function LocationsSection() {
  const [selected, setSelected] = useState<AdminLocation | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const editing = useDialog<AdminLocation>(setFlash);
  const [toggling, setToggling] = useState<AdminLocation | null>(null);
  const [busy, setBusy] = useState(false);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const live = useRemoteData(adminQueries.locations());
  const activation = useSetLocationActive();
  return (
    <div className="space-y-4">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <DataState live={live} loadingLabel="Cargando ubicaciones...">
        {({ locations }) => (
          <LocationGroups
            locations={locations}
            card={(l) => (
              <LocationCard
                key={l.id}
                location={l}
                onStats={() => setSelected(l)}
                onEdit={() => editing.open(l)}
                onToggle={() => {
                  setToggleError(null);
                  setToggling(l);
                }}
              />
            )}
          />
        )}
      </DataState>
      {selected && <LocationStatsModal location={selected} onClose={() => setSelected(null)} />}
      {editing.item && <EditLocationModal location={editing.item} onClose={editing.close} onSaved={editing.done} />}
      {toggling && (
        <ConfirmDialog
          title={toggling.is_active ? `Desactivar ${toggling.name}` : `Reactivar ${toggling.name}`}
          message={
            toggling.is_active
              ? "Una ubicación inactiva no vende ni recibe transferencias. Solo se puede desactivar sin stock ni transferencias abiertas."
              : "La ubicación vuelve a vender y recibir transferencias."
          }
          confirmLabel={toggling.is_active ? "Desactivar" : "Reactivar"}
          tone={toggling.is_active ? "danger" : "accent"}
          busy={busy}
          error={toggleError}
          onCancel={() => setToggling(null)}
          onConfirm={() => {
            setBusy(true);
            setToggleError(null);
            activation
              .mutateAsync({ id: toggling.id, active: !toggling.is_active })
              .then((answer) => {
                setToggling(null);
                setFlash({ tone: "success", text: answer.message });
              })
              .catch((error: unknown) => setToggleError(errorMessage(error)))
              .finally(() => setBusy(false));
          }}
        />
      )}
    </div>
  );
}
