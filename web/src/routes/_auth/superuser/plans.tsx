import { createFileRoute } from "@tanstack/react-router";
import { PlansTab } from "../../../features/superuser/plans/PlansTab";

export const Route = createFileRoute("/_auth/superuser/plans")({
  component: PlansTab,
});
