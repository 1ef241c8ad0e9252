import { createFileRoute } from "@tanstack/react-router";
import { useGoSection } from "../../../features/boss/BossArea";
import { DashboardSection } from "../../../features/boss/dashboard/DashboardSection";
import { bossQueries } from "../../../features/boss/queries";
import { usePlanModules } from "../../../lib/planModules";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/")({
  loader: () => preload(bossQueries.dashboard()),
  component: () => <DashboardSection go={useGoSection()} modules={usePlanModules()} />,
});
