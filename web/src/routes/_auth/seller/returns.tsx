import { createFileRoute } from "@tanstack/react-router";
import { ReturnsView } from "../../../features/seller/returns/ReturnsView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/returns")({
  component: function Returns() {
    const { search, setSearch } = useSellerPanel();
    return <ReturnsView saleId={search.sale} onLeaveSale={() => setSearch({})} />;
  },
});
