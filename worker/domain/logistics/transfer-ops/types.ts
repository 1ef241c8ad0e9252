import type { DeliveryFailureReason, PickupType } from "../../../../shared/constants";
import type { Role, transferRequests } from "../../../db/schema";

export type TransferRow = typeof transferRequests.$inferSelect;

export interface Actor {
  id: number;
  role: Role;
  companyId: number;
  locationId: number | null;
}

export interface NewTransfer {
  sourceLocationId: number;
  referenceCode: string;
  size: string;
  quantity: number;
  purpose: "cliente" | "restock" | "pair_formation";
  pickupType: PickupType;
  destinationType: "exhibicion" | "bodega";
  footSide: "left" | "right" | null;
  notes: string | null;
}

export interface TransitionPayload {
  notes?: string | null;
  estimatedMinutes?: number | null;
  receivedQuantity?: number | null;
  conditionOk?: boolean | null;
  deliverySuccessful?: boolean | null;
  productCondition?: "good" | "damaged" | "unusable" | null;
  returnToInventory?: boolean | null;
  cancellationReason?: string | null;
  courierId?: number | null;
  /** units received but damaged (confirm_reception); by default all of them when conditionOk is false */
  damagedQuantity?: number | null;
  /** why a delivery attempt failed (report_failed_delivery); «otro» needs notes */
  failureReason?: DeliveryFailureReason | null;
}
