import { createSaleReturn } from "../../api/sale-returns";
import { confirmSale, requestDiscount } from "../../api/seller";
import { addTillMovement, closeTill, openTill, type TillCount, type TillMovement } from "../../api/till";
import { keyed, writeHooks } from "../../lib/query/write";

/**
 * The seller's writes that change what the seller's screens read (queries of area "seller"). Sales
 * themselves go through the outbox (features/seller/outbox), which survives a lost connection.
 */
const write = writeHooks("seller");

/** The till's state and the day's figures that count its cash. */
const TILL_READS = ["till", "dashboard"];

export const useOpenTill = write(keyed("float", openTill), TILL_READS);

export const useAddTillMovement = write(
  (move: { sessionId: number; movement: TillMovement; key: string }) =>
    addTillMovement(move.sessionId, move.movement, move.key),
  TILL_READS,
);

/** The closed till's report is the answer; the view shows it before the next till is opened. */
export const useCloseTill = write(
  ({ sessionId, count }: { sessionId: number; count: TillCount }) => closeTill(sessionId, count),
  TILL_READS,
);

/** A sale that needed confirmation is confirmed or rejected: the day's list and figures change. */
export const useConfirmSale = write(
  (decision: { saleId: number; confirmed: boolean; notes: string }) =>
    confirmSale(decision.saleId, decision.confirmed, decision.notes),
  ["sales-today", "dashboard"],
);

/** A discount asked of an administrador: the seller's requests (pending until decided) and the day's figures. */
export const useRequestDiscount = write(
  (request: { amount: number; reason: string; key: string }) =>
    requestDiscount(request.amount, request.reason, request.key),
  ["discounts", "dashboard"],
);

/**
 * A return or exchange: what is left of the sale to bring back, the day's figures and the till (money
 * paid back). The view shows the receipt at once; the reads load again behind it.
 */
export const useCreateSaleReturn = write(keyed("body", createSaleReturn), ["returnable-sale", ...TILL_READS], {
  behind: true,
});
