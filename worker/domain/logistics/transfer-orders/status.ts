// An order's status, read from its lines: the least advanced line that is still on its way.
import type { TransferStatus } from "../../../db/schema";

const STAGES: readonly TransferStatus[] = [
  "pending",
  "accepted",
  "courier_assigned",
  "in_transit",
  "returning_to_origin",
  "delivered",
  "completed",
];

/**
 * The order stands where its least advanced live line stands (a package moves as one, so its lines move
 * together; a line received or declined apart does not hold the others). Every line cancelled: cancelled.
 */
export function orderStatus(lines: readonly { status: TransferStatus }[]): TransferStatus {
  let least: TransferStatus | null = null;
  for (const { status } of lines) {
    if (status === "cancelled") continue;
    if (least === null || STAGES.indexOf(status) < STAGES.indexOf(least)) least = status;
  }
  return least ?? "cancelled";
}

/** An order still to be worked on by someone (not every line completed or cancelled). */
export function orderOpen(lines: readonly { status: TransferStatus }[]): boolean {
  return lines.some((l) => l.status !== "completed" && l.status !== "cancelled");
}
