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
  // the loader stays in the start-up chunk (not split as elsewhere): the panel's figures are asked for at
  // once, while the panel's code downloads, on the screen a seller opens first
  codeSplitGroupings: [["component"], ["pendingComponent", "errorComponent", "notFoundComponent"]],
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
