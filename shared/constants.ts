// Codes the Worker and the SPA both use: the API's enums, said once. Labels stay with the screens.

export const ROLES = ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"] as const;
export type Role = (typeof ROLES)[number];

/** Spec 1 §4: superadmin→superuser, admin→administrador, vendedor→seller, unknown→seller. */
export function normalizeRole(raw: string | null | undefined): Role {
  const role = (raw ?? "").trim().toLowerCase();
  switch (role) {
    case "superuser":
    case "superadmin":
      return "superuser";
    case "administrador":
    case "admin":
      return "administrador";
    case "boss":
    case "bodeguero":
    case "corredor":
      return role;
    default:
      // "seller", "vendedor" and any unknown role.
      return "seller";
  }
}

export const TRANSFER_STATUSES = [
  "pending",
  "accepted",
  "courier_assigned",
  "in_transit",
  "delivered",
  "completed",
  "cancelled",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer still under way: neither completed nor cancelled. */
export const OPEN_TRANSFER_STATUSES = ["pending", "accepted", "courier_assigned", "in_transit", "delivered"] as const;

/** Who picks a transfer up at its source: the courier or the requesting seller. */
export const PICKUP_TYPES = ["corredor", "vendedor"] as const;
export type PickupType = (typeof PICKUP_TYPES)[number];

export const PAYMENT_TYPES = ["efectivo", "tarjeta", "transferencia"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PLAN_CODES = ["basic", "professional", "enterprise", "custom"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const COST_TYPES = [
  "arriendo",
  "servicios",
  "nomina",
  "mercancia",
  "comisiones",
  "transporte",
  "otros",
] as const;
export type CostType = (typeof COST_TYPES)[number];

export const FREQUENCIES = ["daily", "weekly", "monthly", "quarterly", "annual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
