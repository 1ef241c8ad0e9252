import { createFileRoute } from "@tanstack/react-router";
import { PreparationBoardTab } from "../../../features/warehouse/BoardTabs";

export const Route = createFileRoute("/_auth/warehouse/preparation")({ component: PreparationBoardTab });
