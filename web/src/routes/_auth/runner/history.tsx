import { createFileRoute } from "@tanstack/react-router";
import { CourierBoardTab } from "../../../features/courier/CourierBoardTab";
import { HistoryTab } from "../../../features/courier/HistoryTab";

export const Route = createFileRoute("/_auth/runner/history")({
  component: () => <CourierBoardTab>{(board) => <HistoryTab first={board.deliveries} />}</CourierBoardTab>,
});
