import type { PickupType } from "../../../../shared/constants";
import type { TransferEvent } from "../../api/transfers-schemas";
import { progressOf, statusLabel } from "./progress";

type Patchable = {
  id: number;
  status: string;
  pickup_type: PickupType;
  status_info: { title: string; description: string; progress: number; next_step: string; colour: string };
};

/**
 * Applies a pushed transition to a list at once (status, title and progress), so the screen moves
 * before the reload that brings every other field arrives. Unknown transfers are left to the reload.
 */
export function applyEvent<T extends Patchable>(list: readonly T[], event: TransferEvent): T[] {
  let changed = false;
  const next = list.map((t) => {
    if (t.id !== event.transfer_id || t.status === event.status) return t;
    changed = true;
    return {
      ...t,
      status: event.status,
      status_info: {
        ...t.status_info,
        title: statusLabel(event.status),
        progress: progressOf(event.status, t.pickup_type),
      },
    };
  });
  return changed ? next : (list as T[]);
}

/** Whether an event concerns a keeper of `locationId` (null: a user who sees the whole company). */
export function concernsWarehouse(event: TransferEvent, locationId: number | null): boolean {
  if (locationId === null) return true;
  return event.request_type === "return"
    ? event.destination_location_id === locationId
    : event.source_location_id === locationId;
}

/** Whether an event concerns a seller at `locationId` (their store is one end of it). */
export function concernsStore(event: TransferEvent, locationId: number | null): boolean {
  if (locationId === null) return true;
  return event.destination_location_id === locationId || event.source_location_id === locationId;
}
