import { cancelTransfer, confirmReception, createReturn, deliverReturnToWarehouse } from "../../../api/transfers";
import { KEEPER_BOARD } from "../../../lib/logistics/keeperWrites";
import { keyed, writeHooks } from "../../../lib/query/write";

/**
 * The seller's writes on their store's own requests and returns (area transfers). Each changes the
 * seller's transfer board, read again before the call settles; the keeper's and the courier's boards
 * hear of it through the live events. (A new request goes through the outbox: features/seller/outbox.)
 */
const write = writeHooks("transfers");
const BOARD = [KEEPER_BOARD.vendor];

export const useCancelTransfer = write(
  ({ id, reason }: { id: number; reason: string }) => cancelTransfer(id, reason),
  BOARD,
);

export const useConfirmReception = write(
  (reception: { id: number; receivedQuantity: number; conditionOk: boolean; notes: string; damaged?: number }) =>
    confirmReception(
      reception.id,
      reception.receivedQuantity,
      reception.conditionOk,
      reception.notes,
      reception.damaged,
    ),
  BOARD,
);

export const useDeliverReturnToWarehouse = write((id: number) => deliverReturnToWarehouse(id), BOARD);

export const useCreateReturn = write(keyed("payload", createReturn), BOARD);
