import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/runner")({
  beforeLoad: ({ context }) => requireArea(context, "/runner"),
  component: RunnerPage,
});

function RunnerPage() {
  return <AreaPage route="/runner" />;
}
