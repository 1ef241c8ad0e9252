import { cancelWebReservation, completeWebReservation, confirmWebReservation } from "../../api/reservations";
import { writeHooks } from "../../lib/query/write";

export type ReservationAction =
  | { id: number; action: "confirm" }
  | { id: number; action: "complete" }
  | { id: number; action: "cancel"; reason: string };

function act(change: ReservationAction) {
  if (change.action === "confirm") return confirmWebReservation(change.id);
  if (change.action === "complete") return completeWebReservation(change.id);
  return cancelWebReservation(change.id, change.reason);
}

/**
 * A web reservation confirmed, completed or cancelled: the lists of reservations (the seller's
 * dashboard tile is one of them, `web-reservations:open:all`) and, once it lets its pairs go, the
 * reserved pairs a product's stock shows. A refusal (already handled, expired) reads the list again.
 */
const READS = ["web-reservations", "product"];
/** The panel shows the answer's row at once; the lists load again behind it. */
const OPTIONS = { afterFailure: ["web-reservations"], behind: true };

const byArea = {
  admin: writeHooks("admin")(act, READS, OPTIONS),
  seller: writeHooks("seller")(act, READS, OPTIONS),
};

/** The reservation writes of the area whose panel shows them (a seller's store or the administrador's). */
export function useReservationAction(area: keyof typeof byArea) {
  return byArea[area]();
}
