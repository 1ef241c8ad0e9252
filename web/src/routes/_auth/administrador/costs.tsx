import { createFileRoute } from "@tanstack/react-router";
import { CostsSection } from "../../../features/admin/costs/CostsSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/costs")({
  loader: () => {
    preload(adminQueries.costsDashboard());
    preload(adminQueries.costs());
  },
  component: CostsSection,
});
