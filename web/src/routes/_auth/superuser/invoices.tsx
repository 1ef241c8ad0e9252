import { createFileRoute } from "@tanstack/react-router";
import { InvoicesTab } from "../../../features/superuser/invoices/InvoicesTab";
import { useGoTab } from "../../../features/superuser/SuperuserArea";
import { parseCompanySearch } from "../../../features/superuser/tabs";

export const Route = createFileRoute("/_auth/superuser/invoices")({
  validateSearch: parseCompanySearch,
  component: function InvoicesTabRoute() {
    return <InvoicesTab go={useGoTab()} company={Route.useSearch().company} />;
  },
});
