import { createFileRoute } from "@tanstack/react-router";
import { startVendorDashboard } from "../../features/seller/earlyDashboard";
import { SellerArea } from "../../features/seller/SellerArea";
import { parseSellerSearch } from "../../features/seller/views";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/seller")({
  beforeLoad: ({ context, search, preload }) => {
    requireArea(context, "/seller");
    // the panel's data is asked for while its code downloads, not after
    if (!preload && !search.view) startVendorDashboard();
  },
  validateSearch: parseSellerSearch,
  component: SellerPage,
});

function SellerPage() {
  const { view, filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SellerArea
      view={view ?? "dashboard"}
      filter={filter ?? "all"}
      onNavigate={(search, replace) => void navigate({ search, replace })}
    />
  );
}
