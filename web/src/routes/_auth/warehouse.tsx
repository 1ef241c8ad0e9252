import { createFileRoute, redirect } from "@tanstack/react-router";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { parseWarehouseSearch, warehouseTabPath } from "../../features/warehouse/tabs";
import { WarehousePanel } from "../../features/warehouse/WarehousePanel";
import { requireArea } from "../../lib/guards";

/** The keeper's panel; each tab is a child route (warehouse/*.tsx). */
export const Route = createFileRoute("/_auth/warehouse")({
  validateSearch: parseWarehouseSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/warehouse");
    // links from before tabs were routes (/warehouse?tab=inventory) open the tab's own URL
    if (search.tab) throw redirect({ href: warehouseTabPath(search.tab), replace: true });
  },
  component: () => (
    <DashboardShell title="Panel de Bodega">
      <WarehousePanel />
    </DashboardShell>
  ),
});
