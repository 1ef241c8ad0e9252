import { createFileRoute } from "@tanstack/react-router";
import { ReturnsBoardTab } from "../../../features/warehouse/BoardTabs";

export const Route = createFileRoute("/_auth/warehouse/returns")({ component: ReturnsBoardTab });
