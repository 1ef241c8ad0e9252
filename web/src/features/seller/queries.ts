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
};
