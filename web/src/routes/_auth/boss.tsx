import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/boss")({
  beforeLoad: ({ context }) => requireArea(context, "/boss"),
  component: BossPage,
});

function BossPage() {
  return <AreaPage route="/boss" />;
}
