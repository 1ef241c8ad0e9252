import { createFileRoute } from "@tanstack/react-router";
import { useSellerPanel } from "../../../features/seller/sellerPanel";
import { TodaySalesView } from "../../../features/seller/TodaySalesView";

export const Route = createFileRoute("/_auth/seller/today-sales")({
  component: function TodaySales() {
    const { go, search, setSearch, queued } = useSellerPanel();
    return (
      <TodaySalesView
        filter={search.filter ?? "all"}
        onFilter={(next) => setSearch(next === "all" ? {} : { filter: next })}
        onReturn={(sale) => go("returns", { sale: sale.id })}
        queued={queued}
        onResolve={() => go("outbox")}
      />
    );
  },
});
