import { createFileRoute } from "@tanstack/react-router";
import { AdminArea } from "../../features/admin/AdminArea";
import { parseAdminSearch } from "../../features/admin/sections";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/administrador")({
  beforeLoad: ({ context }) => requireArea(context, "/administrador"),
  validateSearch: parseAdminSearch,
  component: AdministradorPage,
});

function AdministradorPage() {
  const { section } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminArea
      section={section ?? "dashboard"}
      onNavigate={(next) => void navigate({ search: next === "dashboard" ? {} : { section: next } })}
    />
  );
}
