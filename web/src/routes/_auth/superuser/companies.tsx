import { createFileRoute } from "@tanstack/react-router";
import { CompaniesTab } from "../../../features/superuser/companies/CompaniesTab";
import { superuserQueries } from "../../../features/superuser/queries";
import { useGoTab } from "../../../features/superuser/SuperuserArea";
import { parseCompanySearch } from "../../../features/superuser/tabs";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/superuser/companies")({
  validateSearch: parseCompanySearch,
  loader: () => {
    preload(superuserQueries.companies());
    preload(superuserQueries.plans());
  },
  component: function CompaniesTabRoute() {
    return <CompaniesTab go={useGoTab()} company={Route.useSearch().company} />;
  },
});
