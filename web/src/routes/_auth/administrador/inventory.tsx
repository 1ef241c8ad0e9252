import { createFileRoute } from "@tanstack/react-router";
import { InventorySection } from "../../../features/admin/inventory/InventorySection";

export const Route = createFileRoute("/_auth/administrador/inventory")({
  component: InventorySection,
});
