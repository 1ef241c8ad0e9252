import { lookupCode } from "../../api/catalogue";
import { findReturnableSale } from "../../api/sale-returns";
import { fetchMyDiscounts, fetchVendorDashboard } from "../../api/seller";
import { VendorDashboardSchema } from "../../api/seller-schemas";

/**
 * The seller panel's reads that its route asks for ahead (lib/query/spec.ts): the panel's
 * figures are on their way while its code downloads, and the panel shows the same query.
 */
export const sellerQueries = {
  dashboard: () => ({
    area: "seller" as const,
    name: "dashboard",
    schema: VendorDashboardSchema,
    load: (signal: AbortSignal) => fetchVendorDashboard(signal),
  }),
  /** A sale found by its number or receipt code, with what of it can still come back. */
  returnableSale: (code: string) => ({
    area: "seller" as const,
    name: `returnable-sale:${code}`,
    load: (signal: AbortSignal) => findReturnableSale(code, signal),
  }),
  discounts: () => ({ area: "seller" as const, name: "discounts", load: fetchMyDiscounts }),
  /**
   * A product by its reference with its stock per size here and elsewhere (the code lookup): the sale
   * line's size chips. A minute old is recent enough to offer a size; the sale itself checks the stock.
   */
  productStock: (reference: string) => ({
    area: "seller" as const,
    name: `product-stock:${reference}`,
    load: (signal: AbortSignal) => lookupCode(reference, signal),
    freshForMs: 60_000,
  }),
};
