import { oneOfSearch } from "../../lib/guards";

/** Tabs of 'Panel de Bodega' (spec 3 §2.3), each a route below /warehouse (routes/_auth/warehouse/); ?tab= only in old links. */
export const WAREHOUSE_TABS = [
  "pending",
  "preparation",
  "orders",
  "inventory",
  "counts",
  "stats",
  "returns",
  "notices",
] as const;
export type WarehouseTab = (typeof WAREHOUSE_TABS)[number];

/** validateSearch of /warehouse: an unknown tab falls back to the pending one. */
export const parseWarehouseSearch = oneOfSearch("tab", WAREHOUSE_TABS);

/** The URL of a tab: 'Pendientes' is /warehouse itself, the others below it (/warehouse/stats). */
export const warehouseTabPath = (tab: WarehouseTab) => (tab === "pending" ? "/warehouse" : `/warehouse/${tab}`);
