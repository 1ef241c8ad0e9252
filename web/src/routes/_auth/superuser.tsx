import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/superuser")({
  beforeLoad: ({ context }) => requireArea(context, "/superuser"),
  component: SuperuserPage,
});

function SuperuserPage() {
  return <AreaPage route="/superuser" />;
}
