import type { Transfer } from "../../api/transfers-schemas";
import { isUrgent } from "../../lib/logistics/progress";

export type PriorityFilter = "all" | "high" | "normal";
export type PurposeFilter = "all" | "cliente" | "restock";

/** The pending tab's filters: priority (all, high, normal) and purpose (all, cliente, restock). */
export function filterPending(list: readonly Transfer[], priority: PriorityFilter, purpose: PurposeFilter): Transfer[] {
  return list.filter(
    (t) =>
      (priority === "all" || (priority === "high" ? isUrgent(t) : !isUrgent(t))) &&
      (purpose === "all" || t.purpose === purpose),
  );
}

/** Preparation minutes sent on accept (spec 3 §9): 10 for high priority, else 15; returns 15. */
export function preparationMinutes(t: Pick<Transfer, "priority" | "request_type">): number {
  if (t.request_type === "return") return 15;
  return isUrgent(t) ? 10 : 15;
}

/** Units free at the source, as the pending call reports them. */
export function availableStock(t: Transfer & { available_stock?: number }): number {
  return t.available_stock ?? 0;
}
