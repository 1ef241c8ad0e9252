import * as v from "valibot";

/** Tabs of 'Panel de Bodega' (spec 3 §2.3), kept in ?tab= so reload and back keep the place. */
export const WAREHOUSE_TABS = ["pending", "preparation", "inventory", "stats", "returns"] as const;
export type WarehouseTab = (typeof WAREHOUSE_TABS)[number];

export type WarehouseSearch = { tab?: WarehouseTab };

const TabParam = v.fallback(v.optional(v.picklist(WAREHOUSE_TABS)), undefined);

/** validateSearch of /warehouse: an unknown tab falls back to the pending one. */
export function parseWarehouseSearch(search: Record<string, unknown>): WarehouseSearch {
  const tab = v.parse(TabParam, search.tab);
  return tab ? { tab } : {};
}
