import type { ReactNode } from "react";
import { countLabel } from "../../lib/format";
import { EmptyState } from "../../lib/ui/EmptyState";
import { Panel } from "../../lib/ui/Panel";

const GROUPS = [
  { type: "local", title: "Locales de Venta" },
  { type: "bodega", title: "Bodegas" },
] as const;

type Props<L extends { id: number; type: string }> = { locations: readonly L[]; card: (location: L) => ReactNode };

/** A company's locations in two panels, stores ('Locales de Venta') and warehouses (admin and boss). */
export function LocationGroups<L extends { id: number; type: string }>({ locations, card }: Props<L>) {
  if (locations.length === 0) return <EmptyState text="No hay ubicaciones" />;
  return GROUPS.map((group) => {
    const mine = locations.filter((l) => l.type === group.type);
    return (
      <Panel key={group.type} title={group.title} description={countLabel(mine.length, "ubicación", "ubicaciones")}>
        {mine.length === 0 ? (
          <EmptyState text="No hay ubicaciones" />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">{mine.map(card)}</ul>
        )}
      </Panel>
    );
  });
}
