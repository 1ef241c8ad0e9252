import { createFileRoute } from "@tanstack/react-router";
import { BossesTab } from "../../../features/superuser/bosses/BossesTab";
import { superuserQueries } from "../../../features/superuser/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/superuser/bosses")({
  loader: () => preload(superuserQueries.bosses()),
  component: BossesTab,
});
