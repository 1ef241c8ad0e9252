import { createFileRoute } from "@tanstack/react-router";
import { defaultPeriod } from "../../../features/boss/period";
import { bossQueries } from "../../../features/boss/queries";
import SalesSection from "../../../features/boss/sales/SalesSection";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/sales")({
  loader: () => preload(bossQueries.sales(defaultPeriod())),
  component: SalesSection,
});
