import { createFileRoute } from "@tanstack/react-router";
import FinancialSection from "../../../features/boss/financial/FinancialSection";
import { defaultPeriod } from "../../../features/boss/period";
import { bossQueries } from "../../../features/boss/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/financial")({
  loader: () => preload(bossQueries.financial(defaultPeriod())),
  component: FinancialSection,
});
