import type { SQL } from "drizzle-orm";
import type { PaymentInput, SaleLineInput } from "./sale-pricing";

export interface Seller {
  id: number;
  companyId: number;
  locationId: number;
  locationName: string;
  firstName: string;
  lastName: string;
}

/** A line as sent: without a unit price it sells at the catalogue's. */
export type SaleLineRequest = Omit<SaleLineInput, "unit_price"> & { unit_price?: number | undefined };

export interface NewSale {
  items: SaleLineRequest[];
  payments: PaymentInput[];
  totalAmount: number;
  notes: string | null;
  requiresConfirmation: boolean;
  discountRequestId: number | null;
  idempotencyKey: string;
  receipt: { key: string; contentType: string } | null;
  /** the company's customer the sale is made to (optional) */
  customerId: number | null;
  /** when the seller's phone made the sale (ISO 8601, sent by its offline outbox); absent: now */
  soldAt?: string | null;
}

/** A sale of pairs that arrived with a completed transfer (createSaleFromTransfer). */
export interface NewSaleFromTransfer {
  transferId: number;
  /** pairs to sell; absent: every pair left of the transfer */
  quantity?: number | null;
  totalAmount: number;
  payments: PaymentInput[];
  notes: string | null;
  idempotencyKey: string;
  /** an administrador's authorisation to sell off the catalogue price */
  priceOverrideId?: number | null;
}

/** A seller's or an administrador's answer to a sale pending confirmation (confirmSale). */
export interface SaleConfirmation {
  saleId: number;
  confirmed: boolean;
  notes: string | null;
}

export type StockCell = { ref: string; size: string; quantity: number; productId: number | SQL<number> };
