import { createFileRoute } from "@tanstack/react-router";
import { OverviewTab } from "../../../features/superuser/overview/OverviewTab";
import { useGoTab } from "../../../features/superuser/SuperuserArea";

export const Route = createFileRoute("/_auth/superuser/")({
  component: () => <OverviewTab go={useGoTab()} />,
});
