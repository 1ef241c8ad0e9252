import { createFileRoute } from "@tanstack/react-router";
import { adminQueries } from "../../../features/admin/queries";
import { ReportsSection } from "../../../features/admin/reports/ReportsSection";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/reports")({
  loader: () => {
    preload(adminQueries.inventoryAlerts());
    preload(adminQueries.newsletterSubscribers());
  },
  component: ReportsSection,
});
