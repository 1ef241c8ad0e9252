import { useMutation } from "@tanstack/react-query";
import { confirmSale } from "../../api/seller";
import { addTillMovement, closeTill, openTill, type TillCount, type TillMovement } from "../../api/till";
import { invalidate } from "../../lib/query/spec";

/**
 * The seller's writes that change what the seller's screens read (queries of area "seller"). Sales
 * themselves go through the outbox (features/seller/outbox), which survives a lost connection.
 */
const changed = (...names: string[]) => invalidate("seller", ...names);

/** The till's state and the day's figures that count its cash. */
const TILL_READS = ["till", "dashboard"];

export function useOpenTill() {
  return useMutation({
    mutationFn: ({ float, key }: { float: number; key: string }) => openTill(float, key),
    onSuccess: () => changed(...TILL_READS),
  });
}

export function useAddTillMovement() {
  return useMutation({
    mutationFn: (move: { sessionId: number; movement: TillMovement; key: string }) =>
      addTillMovement(move.sessionId, move.movement, move.key),
    onSuccess: () => changed(...TILL_READS),
  });
}

/** The closed till's report is the answer; the view shows it before the next till is opened. */
export function useCloseTill() {
  return useMutation({
    mutationFn: ({ sessionId, count }: { sessionId: number; count: TillCount }) => closeTill(sessionId, count),
    onSuccess: () => changed(...TILL_READS),
  });
}

/** A sale that needed confirmation is confirmed or rejected: the day's list and figures change. */
export function useConfirmSale() {
  return useMutation({
    mutationFn: (decision: { saleId: number; confirmed: boolean; notes: string }) =>
      confirmSale(decision.saleId, decision.confirmed, decision.notes),
    onSuccess: () => changed("sales-today", "dashboard"),
  });
}
