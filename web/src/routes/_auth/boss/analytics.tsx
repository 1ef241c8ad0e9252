import { createFileRoute } from "@tanstack/react-router";
import AnalyticsSection from "../../../features/boss/analytics/AnalyticsSection";
import { bossQueries } from "../../../features/boss/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/analytics")({
  loader: () => preload(bossQueries.trends()),
  component: AnalyticsSection,
});
