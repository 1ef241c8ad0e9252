import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/seller")({
  beforeLoad: ({ context }) => requireArea(context, "/seller"),
  component: SellerPage,
});

function SellerPage() {
  return <AreaPage route="/seller" />;
}
