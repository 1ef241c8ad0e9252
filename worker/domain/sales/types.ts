import type { SQL } from "drizzle-orm";
import type { PaymentInput, SaleLineInput } from "../sale-pricing";

export interface Seller {
  id: number;
  companyId: number;
  locationId: number;
  locationName: string;
  firstName: string;
  lastName: string;
}

export interface NewSale {
  items: SaleLineInput[];
  payments: PaymentInput[];
  totalAmount: number;
  notes: string | null;
  requiresConfirmation: boolean;
  discountRequestId: number | null;
  idempotencyKey: string;
  receipt: { key: string; contentType: string } | null;
}

export type StockCell = { ref: string; size: string; quantity: number; productId: number | SQL<number> };
