import { createFileRoute } from "@tanstack/react-router";
import { PlansTab } from "../../../features/superuser/plans/PlansTab";
import { superuserQueries } from "../../../features/superuser/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/superuser/plans")({
  loader: () => preload(superuserQueries.plans()),
  component: PlansTab,
});
