import { createFileRoute } from "@tanstack/react-router";
import { RestockSection } from "../../../features/company/restock/RestockSection";

export const Route = createFileRoute("/_auth/runner/orders")({ component: () => <RestockSection /> });
