import { createFileRoute } from "@tanstack/react-router";
import { useSellerPanel } from "../../../features/seller/sellerPanel";
import { TransfersView } from "../../../features/seller/TransfersView";

export const Route = createFileRoute("/_auth/seller/transfers")({
  component: function Transfers() {
    const { go, search, setSearch } = useSellerPanel();
    return (
      <TransfersView
        tab={search.tab ?? "pending"}
        prefill={search.prefill ?? null}
        onTab={(tab) => setSearch(tab === "pending" ? {} : { tab })}
        go={go}
      />
    );
  },
});
