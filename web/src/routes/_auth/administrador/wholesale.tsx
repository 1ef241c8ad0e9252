import { createFileRoute } from "@tanstack/react-router";
import { WholesaleSection } from "../../../features/admin/wholesale/WholesaleSection";

export const Route = createFileRoute("/_auth/administrador/wholesale")({
  component: WholesaleSection,
});
