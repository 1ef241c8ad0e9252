import { createFileRoute } from "@tanstack/react-router";
import { CompaniesTab } from "../../../features/superuser/companies/CompaniesTab";
import { useGoTab } from "../../../features/superuser/SuperuserArea";
import { parseCompanySearch } from "../../../features/superuser/tabs";

export const Route = createFileRoute("/_auth/superuser/companies")({
  validateSearch: parseCompanySearch,
  component: function CompaniesTabRoute() {
    return <CompaniesTab go={useGoTab()} company={Route.useSearch().company} />;
  },
});
