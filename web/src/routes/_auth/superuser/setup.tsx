import { createFileRoute } from "@tanstack/react-router";
import { SetupTab } from "../../../features/superuser/setup/SetupTab";

export const Route = createFileRoute("/_auth/superuser/setup")({
  component: SetupTab,
});
