import { createFileRoute } from "@tanstack/react-router";
import { ReportsTab } from "../../../features/superuser/reports/ReportsTab";

export const Route = createFileRoute("/_auth/superuser/reports")({
  component: ReportsTab,
});
