import { createFileRoute } from "@tanstack/react-router";
import { useGoSection } from "../../../features/admin/AdminArea";
import { DashboardSection } from "../../../features/admin/dashboard/DashboardSection";
import { adminQueries } from "../../../features/admin/queries";
import { usePlanModules } from "../../../lib/planModules";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/")({
  loader: () => preload(adminQueries.dashboard()),
  component: () => <DashboardSection go={useGoSection()} modules={usePlanModules()} />,
});
