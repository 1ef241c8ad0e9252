import { createFileRoute } from "@tanstack/react-router";
import { AreaPage } from "../../features/dashboard/AreaPage";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/administrador")({
  beforeLoad: ({ context }) => requireArea(context, "/administrador"),
  component: AdministradorPage,
});

function AdministradorPage() {
  return <AreaPage route="/administrador" />;
}
