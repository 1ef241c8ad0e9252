import { createFileRoute } from "@tanstack/react-router";
import { CustomersSection } from "../../../features/admin/customers/CustomersSection";

export const Route = createFileRoute("/_auth/administrador/customers")({
  component: CustomersSection,
});
