import { useState } from "react";
import { fetchLocations, fetchWarehouseInventory } from "../../api/transfers";
import { type InventoryLocation, InventoryResponseSchema, LocationsSchema } from "../../api/transfers-schemas";
import type { Notify } from "../../lib/logistics/useNotifications";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { secondaryButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { namedOptions, SelectField, TextField } from "../../lib/ui/form";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { InventoryProductCard } from "./InventoryProductCard";
import { productMatches } from "./inventory";
import { LocationSummaryCard } from "./LocationSummaryCard";

const PAGE = 12;

type Props = { notify: Notify };

/** 'Inventario': every location's stock (or one), searchable, with per-location summaries. */
export function InventoryTab({ notify }: Props) {
  const [location, setLocation] = useState<number | "all">("all");
  const [search, setSearch] = useState("");
  const locations = useRemoteData({
    area: "transfers",
    name: "warehouse.locations",
    schema: LocationsSchema,
    load: fetchLocations,
  });
  const inventory = useRemoteData({
    area: "transfers",
    name: `warehouse.inventory.${location}`,
    schema: InventoryResponseSchema,
    load: (signal) => fetchWarehouseInventory(location, signal),
    onSettled: ({ ok }) => {
      if (!ok) notify("error", "Error", "No se pudo cargar el inventario");
    },
  });
  const data = inventory.data;
  const total = data?.locations.reduce((acc, l) => acc + l.products.length, 0) ?? 0;

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SelectField
          label="Ubicación"
          value={String(location)}
          onChange={(v) => setLocation(v === "all" ? "all" : Number(v))}
          options={[{ value: "all", label: "Todas las ubicaciones" }, ...namedOptions(locations.data ?? [])]}
        />
        <button
          type="button"
          onClick={() => inventory.reload("manual")}
          disabled={inventory.busy}
          className={secondaryButton}
        >
          {inventory.busy ? "Actualizando..." : "Actualizar inventario"}
        </button>
      </div>
      <TextField
        label="Buscar"
        type="search"
        value={search}
        onChange={setSearch}
        placeholder="Marca, modelo, referencia, color, talla, precio..."
      />
      <FailedLoadBanner title="No se pudo cargar el inventario" live={inventory} retryReason="retry" />
      {data === null && inventory.status === "loading" && <Spinner label="Cargando inventario..." />}
      {data !== null &&
        (total === 0 ? (
          <EmptyState text="No hay inventario disponible" />
        ) : (
          <InventoryList locations={data.locations} search={search} showSummaries={location === "all"} />
        ))}
    </div>
  );
}

function InventoryList({
  locations,
  search,
  showSummaries,
}: {
  locations: InventoryLocation[];
  search: string;
  showSummaries: boolean;
}) {
  const matching = locations.map((l) => ({
    location: l,
    products: l.products.filter((p) => productMatches(p, search)),
  }));
  const found = matching.reduce((acc, m) => acc + m.products.length, 0);
  return (
    <div className="space-y-4">
      {showSummaries && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {locations.map((l) => (
            <LocationSummaryCard key={l.location_id} location={l} />
          ))}
        </div>
      )}
      {found === 0 ? (
        <EmptyState text="No se encontraron productos" detail="Prueba con otra búsqueda o ubicación." />
      ) : (
        matching
          .filter((m) => m.products.length > 0)
          .map((m) => <LocationProducts key={`${m.location.location_id}-${search}`} {...m} />)
      )}
    </div>
  );
}

/** One location's matching products, a page at a time (a warehouse can hold hundreds). */
function LocationProducts({
  location,
  products,
}: {
  location: InventoryLocation;
  products: InventoryLocation["products"];
}) {
  const [shown, setShown] = useState(PAGE);
  return (
    <section aria-label={location.location_name}>
      <h3 className="mb-2 text-base font-semibold text-stone-900">
        {location.location_name} <span className="font-normal text-stone-600">({products.length})</span>
      </h3>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {products.slice(0, shown).map((p) => (
          <InventoryProductCard key={`${location.location_id}-${p.product_id}`} product={p} />
        ))}
      </div>
      {products.length > shown && (
        <button type="button" onClick={() => setShown((n) => n + PAGE)} className={`${secondaryButton} mt-3 w-full`}>
          Ver más ({products.length - shown})
        </button>
      )}
    </section>
  );
}
