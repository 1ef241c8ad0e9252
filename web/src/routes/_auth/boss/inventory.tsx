import { createFileRoute } from "@tanstack/react-router";
import InventorySection from "../../../features/boss/inventory/InventorySection";
import { bossQueries } from "../../../features/boss/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/inventory")({
  loader: () => preload(bossQueries.inventory()),
  component: InventorySection,
});
