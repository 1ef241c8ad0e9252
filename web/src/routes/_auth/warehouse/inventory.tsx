import { createFileRoute } from "@tanstack/react-router";
import { InventoryTab } from "../../../features/warehouse/InventoryTab";
import { useWarehouse } from "../../../features/warehouse/useWarehouseBoard";

export const Route = createFileRoute("/_auth/warehouse/inventory")({
  component: () => <InventoryTab notify={useWarehouse().notes.notify} />,
});
