import { createFileRoute } from "@tanstack/react-router";
import AnalyticsSection from "../../../features/admin/analytics/AnalyticsSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/analytics")({
  loader: () => preload(adminQueries.analytics()),
  component: AnalyticsSection,
});
