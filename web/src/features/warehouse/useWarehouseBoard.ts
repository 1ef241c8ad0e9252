import { useAtomValue } from "jotai";
import { fetchWarehouseBoard } from "../../api/transfers";
import { type TransferEvent, WarehouseBoardSchema } from "../../api/transfers-schemas";
import { concernsWarehouse } from "../../lib/logistics/applyEvent";
import { KEEPER_BOARD } from "../../lib/logistics/keeperWrites";
import { useKeeperActions } from "../../lib/logistics/useKeeperActions";
import { useLiveBoard } from "../../lib/logistics/useLiveBoard";
import { useLoadNotices } from "../../lib/logistics/useLoadNotices";
import { useNotifications } from "../../lib/logistics/useNotifications";
import { panelContext } from "../../lib/panelContext";
import { sessionAtom } from "../../lib/session";
import { applyToWarehouse, warehouseNotice } from "./events";

export const WAREHOUSE_POLL_MS = 15_000;

/**
 * Everything the keeper's tabs share: the warehouse board (live, with polling as the fallback), the
 * notices, and the keeper's actions with their dialogs.
 */
export function useWarehouseBoard() {
  const user = useAtomValue(sessionAtom);
  const locationId = user?.role === "bodeguero" ? (user.location_id ?? null) : null;
  const notes = useNotifications();
  const { notify } = notes;
  const onSettled = useLoadNotices(notify, "No se pudieron actualizar los datos");
  const onEvents = (events: TransferEvent[]) => {
    for (const event of events) {
      if (!concernsWarehouse(event, locationId)) continue;
      const notice = warehouseNotice(event);
      if (notice) notify(notice.type, notice.title, notice.message);
    }
  };
  const { board, mode } = useLiveBoard({
    name: KEEPER_BOARD.warehouse,
    schema: WarehouseBoardSchema,
    load: fetchWarehouseBoard,
    pollMs: WAREHOUSE_POLL_MS,
    apply: applyToWarehouse,
    onEvents,
    onSettled,
  });
  const keeper = useKeeperActions("warehouse", notify);
  const data = board.data;
  return {
    notes,
    board,
    mode,
    keeper,
    pending: data?.pending.pending_requests.filter((t) => t.status === "pending") ?? [],
    accepted: data?.accepted.accepted_requests ?? [],
    returns: data?.returns.returns ?? [],
  };
}

export type WarehouseBoard = ReturnType<typeof useWarehouseBoard>;

const shared = panelContext<WarehouseBoard>("panel de bodega");
export const WarehouseProvider = shared.Provider;
/** The panel's shared state, for a tab's route. */
export const useWarehouse = shared.usePanel;
