import { createFileRoute } from "@tanstack/react-router";
import { NewSaleView } from "../../../features/seller/NewSaleView";
import { useSellerPanel } from "../../../features/seller/sellerPanel";

export const Route = createFileRoute("/_auth/seller/new-sale")({
  component: function NewSale() {
    const { go, search } = useSellerPanel();
    return (
      <NewSaleView go={go} fromTransfer={search.transfer_id === undefined ? undefined : String(search.transfer_id)} />
    );
  },
});
