import { createFileRoute } from "@tanstack/react-router";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { parseWarehouseSearch } from "../../features/warehouse/tabs";
import { WarehousePanel } from "../../features/warehouse/WarehousePanel";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/warehouse")({
  beforeLoad: ({ context }) => requireArea(context, "/warehouse"),
  validateSearch: parseWarehouseSearch,
  component: WarehousePage,
});

function WarehousePage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardShell title="Panel de Bodega">
      <WarehousePanel
        tab={tab ?? "pending"}
        onTab={(next) => void navigate({ search: next === "pending" ? {} : { tab: next } })}
      />
    </DashboardShell>
  );
}
