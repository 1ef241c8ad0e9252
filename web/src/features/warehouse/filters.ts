import type { Transfer } from "../../api/transfers-schemas";
import { isUrgent } from "../../lib/logistics/progress";

export type PriorityFilter = "all" | "high" | "normal";
export type PurposeFilter = "all" | "cliente" | "restock";

/**
 * The pending tab's filters: priority (all, high, normal) and purpose (all, cliente, restock), in the
 * order the keeper serves them (keeperOrder).
 */
export function filterPending(list: readonly Transfer[], priority: PriorityFilter, purpose: PurposeFilter): Transfer[] {
  return keeperOrder(
    list.filter(
      (t) =>
        (priority === "all" || (priority === "high" ? isUrgent(t) : !isUrgent(t))) &&
        (purpose === "all" || t.purpose === purpose),
    ),
  );
}

/**
 * Urgent requests first (a customer is waiting), each group oldest first (it waited longest): the
 * server's order (worker/domain/logistics/keeper-queue.ts), kept when live updates add requests to the list.
 */
export function keeperOrder<T extends Pick<Transfer, "priority" | "requested_at" | "id">>(list: readonly T[]): T[] {
  const rank = (t: T) => (isUrgent(t) ? 0 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b) || a.requested_at.localeCompare(b.requested_at) || a.id - b.id);
}

/** Units free at the source, as the pending call reports them. */
export function availableStock(t: Transfer & { available_stock?: number }): number {
  return t.available_stock ?? 0;
}
