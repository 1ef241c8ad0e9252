import { createFileRoute } from "@tanstack/react-router";
import { ReceiptPage } from "../features/receipts/ReceiptPage";

/** A sale's receipt by its public link: no sign-in, no storefront chrome, printable. */
export const Route = createFileRoute("/recibo/$token")({
  component: ReceiptRoute,
});

function ReceiptRoute() {
  const { token } = Route.useParams();
  return <ReceiptPage token={token} />;
}
