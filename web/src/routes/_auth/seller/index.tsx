import { createFileRoute } from "@tanstack/react-router";
import { sellerQueries } from "../../../features/seller/queries";
import { SellerDashboard } from "../../../features/seller/SellerDashboard";
import { useSellerPanel } from "../../../features/seller/sellerPanel";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/seller/")({
  // the loader stays in the start-up chunk (not split as elsewhere): the panel's figures are asked for at
  // once, while the panel's code downloads, on the screen a seller opens first
  codeSplitGroupings: [["component"], ["pendingComponent", "errorComponent", "notFoundComponent"]],
  loader: () => preload(sellerQueries.dashboard()),
  component: function Panel() {
    const { go, queued, queuedExpenses } = useSellerPanel();
    return <SellerDashboard go={go} queued={queued} queuedExpenses={queuedExpenses} />;
  },
});
