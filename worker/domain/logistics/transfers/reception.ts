// What a reception says happened to the units sent.

import type { Kind } from "./types";

/** What a reception says happened to the units sent: every one of them is sellable, short or damaged. */
export interface ReceptionOutcome {
  received: number;
  sellable: number;
  short: number;
  damaged: number;
}

/**
 * Splits the units of a reception. A transfer's received units are sellable unless reported damaged
 * (all of them when the condition is not ok and no count is given); a return's come back sellable only
 * when the keeper puts them back into inventory. Units not received are short. Nothing disappears:
 * sellable + short + damaged = sent.
 */
export function receptionOutcome(
  kind: Kind,
  sent: number,
  report: {
    receivedQuantity?: number | null;
    conditionOk?: boolean | null;
    damagedQuantity?: number | null;
    returnToInventory?: boolean | null;
    productCondition?: "good" | "damaged" | "unusable" | null;
  },
): ReceptionOutcome {
  const received = report.receivedQuantity ?? sent;
  if (!Number.isInteger(received) || received < 0 || received > sent)
    throw new RangeError(`La cantidad recibida debe estar entre 0 y ${sent}`);
  let damaged: number;
  if (kind === "return" && (report.returnToInventory === false || report.productCondition === "unusable")) {
    damaged = received;
  } else if (report.damagedQuantity != null) {
    damaged = report.damagedQuantity;
  } else {
    damaged = report.conditionOk === false ? received : 0;
  }
  if (!Number.isInteger(damaged) || damaged < 0 || damaged > received)
    throw new RangeError(`Las unidades dañadas deben estar entre 0 y ${received}`);
  return { received, sellable: received - damaged, short: sent - received, damaged };
}
