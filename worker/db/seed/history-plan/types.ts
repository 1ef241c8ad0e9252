// The demo company's planned history: what the world holds and what the plan brings (plan.ts plans it).

import type { PaymentType } from "../../../../shared/constants";

export interface HistoryProduct {
  id: number;
  referenceCode: string;
  brand: string;
  model: string;
  color: string | null;
  /** centavos */
  unitPrice: number;
  /** centavos; null when the product has no cost price */
  costPrice?: number | null;
  sizes: readonly string[];
}

export interface HistoryWorld {
  companyId: number;
  stores: { id: number; name: string; sellerIds: number[] }[];
  warehouses: { id: number; keeperId: number }[];
  courierId: number;
  adminId: number;
  products: HistoryProduct[];
}

export interface HistoryOptions {
  days?: number;
  /** first ids to use (the tables' MAX(id) + 1), so the rows can reference each other in one pass */
  firstSaleId: number;
  firstTransferId: number;
  firstDiscountId: number;
}

export interface PlannedSale {
  id: number;
  storeId: number;
  sellerId: number;
  at: string;
  subtotal: number;
  discount: number;
  discountRequestId: number | null;
  total: number;
  lines: { product: HistoryProduct; size: string; quantity: number }[];
  payments: { type: PaymentType; amount: number; reference: string | null }[];
}

export interface PlannedMovement {
  productId: number;
  locationId: number;
  size: string;
  delta: number;
  reason: "entry" | "sale" | "transfer_out" | "transfer_in" | "return_out" | "return_in";
  saleId: number | null;
  transferId: number | null;
  userId: number;
  at: string;
}

export interface PlannedTransfer {
  id: number;
  kind: "transfer" | "return";
  product: HistoryProduct;
  size: string;
  quantity: number;
  sourceId: number;
  destinationId: number;
  requesterId: number;
  keeperId: number;
  originalTransferId: number | null;
  requestedAt: string;
  acceptedAt: string;
  courierAcceptedAt: string;
  pickedUpAt: string;
  deliveredAt: string;
  completedAt: string;
}

export interface PlannedExpense {
  userId: number;
  locationId: number;
  concept: string;
  amount: number;
  at: string;
}

export interface PlannedCost {
  locationId: number;
  costType: "arriendo" | "servicios" | "nomina";
  category: string;
  description: string;
  amount: number;
  startDate: string;
  dueDate: string;
  lastPaidDate: string | null;
}

export interface HistoryPlan {
  sales: PlannedSale[];
  movements: PlannedMovement[];
  transfers: PlannedTransfer[];
  expenses: PlannedExpense[];
  costs: PlannedCost[];
  /** net change of each touched inventory cell (never negative: the history brings its own stock) */
  cells: { productId: number; locationId: number; size: string; pairs: number }[];
}
