import { oneOfSearch } from "../../lib/guards";

/** Tabs of 'Panel de Bodega' (spec 3 §2.3), kept in ?tab= so reload and back keep the place. */
export const WAREHOUSE_TABS = ["pending", "preparation", "inventory", "counts", "stats", "returns", "notices"] as const;
export type WarehouseTab = (typeof WAREHOUSE_TABS)[number];

/** validateSearch of /warehouse: an unknown tab falls back to the pending one. */
export const parseWarehouseSearch = oneOfSearch("tab", WAREHOUSE_TABS);
