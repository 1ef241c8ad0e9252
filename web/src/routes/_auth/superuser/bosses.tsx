import { createFileRoute } from "@tanstack/react-router";
import { BossesTab } from "../../../features/superuser/bosses/BossesTab";

export const Route = createFileRoute("/_auth/superuser/bosses")({
  component: BossesTab,
});
