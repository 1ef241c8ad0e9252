import { createFileRoute } from "@tanstack/react-router";
import { SellerArea } from "../../features/seller/SellerArea";
import { parseSellerSearch } from "../../features/seller/views";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/seller")({
  beforeLoad: ({ context }) => requireArea(context, "/seller"),
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
