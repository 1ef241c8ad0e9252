import { createFileRoute } from "@tanstack/react-router";
import { PurchasingSection } from "../../../features/admin/purchasing/PurchasingSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/purchasing")({
  loader: () => Promise.all([preload(adminQueries.purchaseOrders()), preload(adminQueries.suppliers())]),
  component: PurchasingSection,
});
