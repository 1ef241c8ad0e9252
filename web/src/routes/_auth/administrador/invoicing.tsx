import { createFileRoute } from "@tanstack/react-router";
import { InvoicingSection } from "../../../features/admin/invoicing/InvoicingSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/invoicing")({
  loader: () => {
    preload(adminQueries.fiscalSettings());
    preload(adminQueries.electronicDocuments());
  },
  component: InvoicingSection,
});
