import { fetchVendorDashboard } from "../../api/seller";
import { VendorDashboardSchema } from "../../api/seller-schemas";

/**
 * The seller panel's reads that its route asks for ahead (lib/query/remembered.ts): the panel's
 * figures are on their way while its code downloads, and the panel shows the same query.
 */
export const sellerQueries = {
  dashboard: () => ({
    area: "seller" as const,
    name: "dashboard",
    schema: VendorDashboardSchema,
    load: (signal: AbortSignal) => fetchVendorDashboard(signal),
  }),
};
