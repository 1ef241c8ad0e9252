import { useState } from "react";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { AddButton } from "../../../lib/ui/Flash";
import { CheckboxField } from "../../../lib/ui/form";
import { Notice } from "../../../lib/ui/Notice";
import { LocationGroups } from "../../company/LocationGroups";
import { Definitions } from "../Definitions";
import { DEF_STOCK_VALUE } from "../definitions";
import { bossQueries } from "../queries";
import { CreateLocationDialog } from "./CreateLocationDialog";
import { LocationCard } from "./LocationCard";
import { CREATED_MESSAGE } from "./locationForm";

/** Ubicaciones: stores and warehouses as cards, an include-inactive toggle and the create dialog. */
export function LocationsSection() {
  const [includeInactive, setIncludeInactive] = useState(false);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useRemoteData(bossQueries.locations(includeInactive));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label="Incluir inactivas"
          checked={includeInactive}
          onChange={setIncludeInactive}
          className="inline-flex items-center gap-2 text-sm font-medium text-stone-700"
        />
        <AddButton
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
        >
          Nueva ubicación
        </AddButton>
      </div>
      {notice && (
        <Notice tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Notice>
      )}
      <DataState live={live} loadingLabel="Cargando ubicaciones...">
        {({ locations }) => (
          <>
            <LocationGroups locations={locations} card={(l) => <LocationCard key={l.id} location={l} />} />
            {locations.length > 0 && (
              <Definitions
                items={[
                  "Usuarios: personal activo asignado a la ubicación. Productos: productos con al menos un par, pie suelto o unidad de exhibición en la ubicación.",
                  DEF_STOCK_VALUE,
                ]}
              />
            )}
          </>
        )}
      </DataState>
      {creating && (
        <CreateLocationDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setNotice(CREATED_MESSAGE);
          }}
        />
      )}
    </div>
  );
}
