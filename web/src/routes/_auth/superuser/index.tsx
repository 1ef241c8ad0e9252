import { createFileRoute } from "@tanstack/react-router";
import { OverviewTab } from "../../../features/superuser/overview/OverviewTab";
import { superuserQueries } from "../../../features/superuser/queries";
import { useGoTab } from "../../../features/superuser/SuperuserArea";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/superuser/")({
  loader: () => preload(superuserQueries.overview()),
  component: () => <OverviewTab go={useGoTab()} />,
});
