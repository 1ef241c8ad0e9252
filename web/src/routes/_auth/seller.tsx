import { createFileRoute, redirect } from "@tanstack/react-router";
import { SellerArea } from "../../features/seller/SellerArea";
import { parseSellerSearch, sellerViewPath } from "../../features/seller/views";
import { requireArea } from "../../lib/guards";

/** The seller's area; the panel and each view are child routes (seller/*.tsx). */
export const Route = createFileRoute("/_auth/seller")({
  validateSearch: parseSellerSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/seller");
    // links from before the views were routes (/seller?view=till) open the view's own URL, their search kept
    if (search.view) {
      const { view, ...rest } = search;
      throw redirect({ to: sellerViewPath(view), search: rest, replace: true });
    }
  },
  component: SellerPage,
});

function SellerPage() {
  return <SellerArea search={Route.useSearch()} />;
}
