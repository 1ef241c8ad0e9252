import { createFileRoute } from "@tanstack/react-router";
import { StatsBoardTab } from "../../../features/warehouse/BoardTabs";

export const Route = createFileRoute("/_auth/warehouse/stats")({ component: StatsBoardTab });
