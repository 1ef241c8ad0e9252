import { createFileRoute } from "@tanstack/react-router";
import { CourierPanel } from "../../features/courier/CourierPanel";
import { parseRunnerSearch } from "../../features/courier/tabs";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { areaRoute } from "../../lib/guards";

export const Route = createFileRoute("/_auth/runner")(areaRoute("/runner", parseRunnerSearch, RunnerPage));

function RunnerPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardShell title="Panel de Corredor">
      <CourierPanel
        tab={tab ?? "available"}
        onTab={(next) => void navigate({ search: next === "available" ? {} : { tab: next }, replace: true })}
      />
    </DashboardShell>
  );
}
