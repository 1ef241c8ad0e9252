import { type PickupType, TRANSFER_STATUSES, type TransferStatus } from "../../../../shared/constants";

/** How a transfer's state reads on every logistics screen (spec 3 §4). */

export { TRANSFER_STATUSES, type TransferStatus };
export type Pickup = PickupType;

const COURIER_PROGRESS: Record<string, number> = {
  pending: 16,
  accepted: 33,
  courier_assigned: 50,
  in_transit: 67,
  // on its way back after a failed delivery: as far as it got, never forward
  returning_to_origin: 67,
  delivered: 83,
  completed: 100,
};
const SELLER_PROGRESS: Record<string, number> = { pending: 25, accepted: 50, delivered: 75, completed: 100 };

/** 16/33/50/67/83/100 over the courier flow, 25/50/75/100 when the seller picks up; unknown → 0. */
export function progressOf(status: string, pickup: Pickup): number {
  const table = pickup === "corredor" ? COURIER_PROGRESS : SELLER_PROGRESS;
  return Object.hasOwn(table, status) ? (table[status] ?? 0) : 0;
}

export type ProgressTone = "error" | "warning" | "primary" | "success";

/** Below 30 error, below 60 warning, below 90 primary, else success. */
export function progressTone(progress: number): ProgressTone {
  if (progress < 30) return "error";
  if (progress < 60) return "warning";
  if (progress < 90) return "primary";
  return "success";
}

/** Tailwind colour of each tone, for the bar and its percentage. */
export const TONE_BAR: Record<ProgressTone, string> = {
  error: "bg-red-500",
  warning: "bg-amber-500",
  primary: "bg-sky-600",
  success: "bg-green-600",
};
export const TONE_TEXT: Record<ProgressTone, string> = {
  error: "text-red-700",
  warning: "text-amber-800",
  primary: "text-sky-800",
  success: "text-green-800",
};

export const STATUS_LABEL: Record<TransferStatus, string> = {
  pending: "Pendiente",
  accepted: "Aceptada",
  courier_assigned: "Corredor asignado",
  in_transit: "En tránsito",
  returning_to_origin: "Volviendo al origen",
  delivered: "Entregada",
  completed: "Completada",
  cancelled: "Cancelada",
};

export const UNKNOWN_STATUS = "Estado desconocido";

export function statusLabel(status: string): string {
  return Object.hasOwn(STATUS_LABEL, status) ? STATUS_LABEL[status as TransferStatus] : UNKNOWN_STATUS;
}

/**
 * The keeper's label: courier pickup shows 'Corredor asignado', 'En tránsito', otherwise 'Esperando
 * corredor'; seller pickup when accepted shows 'Esperando vendedor' (returns: 'Esperando que vendedor
 * entregue'); otherwise 'Listo para entrega'.
 */
export function warehouseLabel(status: string, pickup: Pickup, isReturn: boolean): string {
  if (pickup === "corredor") {
    if (status === "courier_assigned") return "Corredor asignado";
    if (status === "in_transit") return "En tránsito";
    if (status === "returning_to_origin") return "Volviendo al origen";
    return "Esperando corredor";
  }
  if (status === "accepted") return isReturn ? "Esperando que vendedor entregue" : "Esperando vendedor";
  return "Listo para entrega";
}

export const PICKUP_LABEL: Record<Pickup, string> = { corredor: "Corredor", vendedor: "Vendedor" };

const PURPOSE_LABEL: Record<string, string> = {
  cliente: "Cliente",
  restock: "Restock",
  pair_formation: "Formar Par",
  return: "Devolución",
};

export function purposeLabel(purpose: string): string {
  return PURPOSE_LABEL[purpose] ?? purpose;
}

/** Urgent means priority 'high' (cliente and single feet). */
export function isUrgent(t: { priority: string }): boolean {
  return t.priority === "high" || t.priority === "URGENT";
}

/** Sorts a copy by progress, most advanced first (the seller's pending list); ties keep the newest first. */
export function sortByProgress<T extends { status_info: { progress: number }; requested_at: string }>(
  list: readonly T[],
): T[] {
  return [...list].sort(
    (a, b) => b.status_info.progress - a.status_info.progress || b.requested_at.localeCompare(a.requested_at),
  );
}

/** Preparation minutes sent on accept (spec 3 §9): 10 for high priority, else 15; returns 15. */
export function preparationMinutes(t: { priority: string; request_type: string }): number {
  if (t.request_type === "return") return 15;
  return isUrgent(t) ? 10 : 15;
}
