import { createFileRoute, redirect } from "@tanstack/react-router";
import { CourierPanel } from "../../features/courier/CourierPanel";
import { courierTabPath, parseCourierSearch } from "../../features/courier/tabs";
import { DashboardShell } from "../../features/dashboard/DashboardShell";
import { requireArea } from "../../lib/guards";

/** The courier's panel; each tab is a child route (runner/*.tsx). */
export const Route = createFileRoute("/_auth/runner")({
  validateSearch: parseCourierSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/runner");
    // links from before tabs were routes (/runner?tab=mine) open the tab's own URL
    if (search.tab) throw redirect({ href: courierTabPath(search.tab), replace: true });
  },
  component: () => (
    <DashboardShell title="Panel de Corredor">
      <CourierPanel />
    </DashboardShell>
  ),
});
