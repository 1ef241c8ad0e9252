import { createFileRoute } from "@tanstack/react-router";
import { parseWarehouseSearch, warehouseTabPath } from "../../features/warehouse/tabs";
import { WarehouseArea } from "../../features/warehouse/WarehousePanel";
import { requireAreaOpening } from "../../lib/guards";

/** The keeper's panel; each tab is a child route (warehouse/*.tsx). */
export const Route = createFileRoute("/_auth/warehouse")({
  validateSearch: parseWarehouseSearch,
  // links from before tabs were routes (/warehouse?tab=inventory) open the tab's own URL
  beforeLoad: requireAreaOpening("/warehouse", ({ tab }) => (tab ? warehouseTabPath(tab) : null)),
  component: WarehouseArea,
});
