import { createFileRoute } from "@tanstack/react-router";
import { CourierPanel } from "../../features/courier/CourierPanel";
import { parseRunnerSearch } from "../../features/courier/tabs";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/runner")({
  beforeLoad: ({ context }) => requireArea(context, "/runner"),
  validateSearch: parseRunnerSearch,
  component: RunnerPage,
});

function RunnerPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardShell title="Panel de Corredor">
      <CourierPanel
        tab={tab ?? "available"}
        onTab={(next) => void navigate({ search: next === "available" ? {} : { tab: next } })}
      />
    </DashboardShell>
  );
}
