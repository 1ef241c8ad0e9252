import {
  acceptWarehouseRequest,
  cancelAcceptedRequest,
  confirmReturnReception,
  declineRequest,
  deliverToCourier,
  deliverToVendor,
  type KeeperArea,
  type ReturnReception,
} from "../../api/transfers";
import { writeHooks } from "../query/write";

/**
 * The board each keeper works from (area "transfers"): the warehouse keeper's (features/warehouse)
 * and the seller's, whose store keeps the pairs others ask for (features/seller/TransfersView).
 */
export const KEEPER_BOARD = { warehouse: "warehouse.board", vendor: "seller.transfers" } as const satisfies Record<
  KeeperArea,
  string
>;

/**
 * The keeper's writes on a request, for either keeper. Each makes the keeper's board stale: it is read
 * again before the call settles (the live events read it again too, for everyone else's screens).
 */
const write = writeHooks("transfers");
const board = ({ area }: { area: KeeperArea }) => [KEEPER_BOARD[area]];

export const useAcceptRequest = write(
  ({ id, minutes, area }: { id: number; minutes: number; area: KeeperArea }) =>
    acceptWarehouseRequest(id, minutes, undefined, area),
  board,
);

export const useDeliverToCourier = write(
  ({ id, courierId, area }: { id: number; courierId: number | null; area: KeeperArea }) =>
    deliverToCourier(id, courierId, undefined, area),
  board,
);

export const useDeliverToVendor = write(
  ({ id, area }: { id: number; area: KeeperArea }) => deliverToVendor(id, undefined, area),
  board,
);

export const useDeclineRequest = write(
  ({ id, reason, area }: { id: number; reason: string; area: KeeperArea }) => declineRequest(id, reason, area),
  board,
);

export const useCancelAccepted = write(
  ({ id, reason, area }: { id: number; reason: string; area: KeeperArea }) => cancelAcceptedRequest(id, reason, area),
  board,
);

export const useConfirmReturnReception = write(
  ({ id, reception, area }: { id: number; reception: ReturnReception; area: KeeperArea }) =>
    confirmReturnReception(id, reception, area),
  board,
);
