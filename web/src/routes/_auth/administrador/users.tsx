import { createFileRoute } from "@tanstack/react-router";
import { adminQueries } from "../../../features/admin/queries";
import { UsersSection } from "../../../features/admin/users/UsersSection";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/users")({
  loader: () => preload(adminQueries.users()),
  component: UsersSection,
});
