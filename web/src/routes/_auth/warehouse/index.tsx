import { createFileRoute } from "@tanstack/react-router";
import { PendingBoardTab } from "../../../features/warehouse/BoardTabs";

export const Route = createFileRoute("/_auth/warehouse/")({ component: PendingBoardTab });
