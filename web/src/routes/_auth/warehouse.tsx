import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/warehouse")({
  beforeLoad: ({ context }) => requireArea(context, "/warehouse"),
  component: WarehousePage,
});

function WarehousePage() {
  return <AreaPage route="/warehouse" />;
}
