import { createFileRoute } from "@tanstack/react-router";
import { CourierBoardTab } from "../../../features/courier/CourierBoardTab";
import { CourierStatsTab } from "../../../features/courier/CourierStatsTab";

export const Route = createFileRoute("/_auth/runner/stats")({
  component: () => <CourierBoardTab>{(board) => <CourierStatsTab board={board} />}</CourierBoardTab>,
});
