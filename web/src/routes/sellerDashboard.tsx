import { createFileRoute, redirect } from "@tanstack/react-router";

/** Old landing path of the seller; the canonical route is /seller (design §5). */
export const Route = createFileRoute("/sellerDashboard")({
  beforeLoad: () => {
    throw redirect({ to: "/seller", replace: true });
  },
});
