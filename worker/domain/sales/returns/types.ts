// A customer's return of units of a sale: who registers it and what they ask for (create.ts registers it).

import type { PaymentType, ReturnReason, Role } from "../../../../shared/constants";
import type { products } from "../../../db/schema";
import type { PaymentInput } from "../sale-pricing";

export const SALE_NOT_FOUND = "Venta no encontrada";

export interface ReturnActor {
  id: number;
  companyId: number;
  role: Role;
  /** a seller's store; null for an administrador (who acts at the sale's store) */
  locationId: number | null;
  firstName: string;
  lastName: string;
}

export interface ReturnLineRequest {
  sale_item_id: number;
  quantity: number;
  /** sellable: back to the store's pairs; damaged: kept apart (a defect) */
  destination: "sellable" | "damaged";
}

export interface ExchangeRequest {
  items: { sneaker_reference_code: string; size: string; quantity: number }[];
  /** what the customer pays when the new pairs cost more than the credit (empty otherwise) */
  payments: PaymentInput[];
}

export interface NewReturn {
  saleId: number;
  lines: ReturnLineRequest[];
  reason: ReturnReason;
  notes: string | null;
  /** pesos; by default everything the units are worth (a plain return may give back less) */
  refundAmount: number | null;
  refundMethod: PaymentType | null;
  /** an administrador's PIN, needed after the company's return window, or to cover a cash refund the drawer cannot pay */
  adminPin: string | null;
  /** why the administrador covers a cash refund the drawer cannot pay */
  authorizationReason: string | null;
  exchange: ExchangeRequest | null;
  idempotencyKey: string;
}

export type Product = typeof products.$inferSelect;
