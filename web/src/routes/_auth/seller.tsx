import { createFileRoute } from "@tanstack/react-router";
import { sellerQueries } from "../../features/seller/queries";
import { SellerArea } from "../../features/seller/SellerArea";
import { parseSellerSearch } from "../../features/seller/views";
import { requireArea } from "../../lib/guards";
import { preload } from "../../lib/query/remembered";

export const Route = createFileRoute("/_auth/seller")({
  beforeLoad: ({ context }) => requireArea(context, "/seller"),
  validateSearch: parseSellerSearch,
  loaderDeps: ({ search }) => ({ view: search.view }),
  // the panel's figures are asked for while its code downloads, not after
  loader: ({ deps }) => {
    if (!deps.view) preload(sellerQueries.dashboard());
  },
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
