import * as v from "valibot";
import {
  fetchAdminDashboard,
  fetchAdminLocations,
  fetchCostPayments,
  fetchCosts,
  fetchInventoryAlerts,
  fetchLocationStats,
  fetchNewsletterSubscribers,
  fetchOperationalDashboard,
  fetchProductMargin,
  fetchReorder,
  fetchSizeCurve,
  fetchUsers,
  type ReorderFilters,
  type SizeCurveFilters,
} from "../../api/admin";
import {
  AdminDashboardSchema,
  AdminLocationsSchema,
  CostsListSchema,
  InventoryAlertsSchema,
  NewsletterSubscribersSchema,
  OperationalDashboardSchema,
  UsersListSchema,
} from "../../api/admin-schemas";
import { AlertMessagesSchema, AlertSettingsSchema, fetchAlertMessages, fetchAlertSettings } from "../../api/alerts";
import {
  type DocumentsFilter,
  ElectronicDocumentsSchema,
  FiscalSettingsSchema,
  fetchElectronicDocuments,
  fetchFiscalSettings,
} from "../../api/fiscal";
import { fetchProductSales } from "../../api/mayoreo";
import { fetchNumberingRanges, NumberingRangesSchema } from "../../api/numbering";
import {
  fetchPurchaseOrder,
  fetchPurchaseOrders,
  fetchSuppliers,
  type PurchaseOrderState,
  PurchaseOrdersSchema,
  SuppliersSchema,
} from "../../api/purchasing";
import { fetchReceiptSettings, type ReceiptSettings } from "../../api/settings";
import { storedCopyOf } from "../../api/stored";
import { fetchTillSessions, type TillSessionsPage } from "../../api/till";
import { AnalyticsSchema, loadAnalytics, type RangeDays } from "../company/loadAnalytics";

/** The Usuarios filters as the screen holds them (empty: any). */
export type UserFilters = { role: string; location: string; active: "" | "true" | "false" };

const DashboardSchema = v.object({ dashboard: AdminDashboardSchema });
const SettingsSchema = storedCopyOf<ReceiptSettings>("name", "return_window_days");
const TillSessionsSchema = storedCopyOf<TillSessionsPage>("sessions", "total");
const area = "admin" as const;

/**
 * The administrador panel's reads, one per screen and filter: what a section shows and what its
 * route's loader asks for ahead are the same query (lib/query/spec.ts).
 */
export const adminQueries = {
  dashboard: () => ({
    area,
    name: "dashboard",
    schema: DashboardSchema,
    load: async (signal: AbortSignal) => ({ dashboard: await fetchAdminDashboard(signal) }),
  }),
  users: (filters: UserFilters = { role: "", location: "", active: "" }) => ({
    area,
    name: `users:${filters.role}:${filters.location}:${filters.active}`,
    schema: UsersListSchema,
    load: (signal: AbortSignal) =>
      fetchUsers(
        {
          role: filters.role,
          location_id: filters.location ? Number(filters.location) : null,
          is_active: filters.active === "" ? null : filters.active === "true",
        },
        signal,
      ),
  }),
  locations: () => ({ area, name: "locations", schema: AdminLocationsSchema, load: fetchAdminLocations }),
  settings: () => ({ area, name: "company-settings", schema: SettingsSchema, load: fetchReceiptSettings }),
  tillSessions: (location = "") => ({
    area,
    name: `till-sessions:${location}`,
    schema: TillSessionsSchema,
    load: (signal: AbortSignal) => fetchTillSessions(location ? { location_id: location } : {}, signal),
  }),
  costsDashboard: () => ({
    area,
    name: "costs-dashboard",
    schema: OperationalDashboardSchema,
    load: fetchOperationalDashboard,
  }),
  costs: (costType = "", location = "") => ({
    area,
    name: `costs:${costType}:${location}`,
    schema: CostsListSchema,
    load: (signal: AbortSignal) =>
      fetchCosts({ cost_type: costType, location_id: location ? Number(location) : null }, signal),
  }),
  numberingRanges: () => ({
    area,
    name: "numbering-ranges",
    schema: NumberingRangesSchema,
    load: (signal: AbortSignal) => fetchNumberingRanges(null, signal),
  }),
  alertMessages: () => ({
    area,
    name: "alert-messages",
    schema: AlertMessagesSchema,
    load: (signal: AbortSignal) => fetchAlertMessages(signal),
  }),
  alertSettings: () => ({ area, name: "alert-settings", schema: AlertSettingsSchema, load: fetchAlertSettings }),
  fiscalSettings: () => ({ area, name: "fiscal-settings", schema: FiscalSettingsSchema, load: fetchFiscalSettings }),
  electronicDocuments: (filter: DocumentsFilter = null) => ({
    area,
    name: `electronic-documents:${filter ?? "all"}`,
    schema: ElectronicDocumentsSchema,
    load: (signal: AbortSignal) => fetchElectronicDocuments(filter, signal),
  }),
  suppliers: (includeInactive = false) => ({
    area,
    name: `suppliers:${includeInactive ? "all" : "active"}`,
    schema: SuppliersSchema,
    load: (signal: AbortSignal) => fetchSuppliers(includeInactive, signal),
  }),
  purchaseOrders: (status: PurchaseOrderState | null = null) => ({
    area,
    name: `purchase-orders:${status ?? "all"}`,
    schema: PurchaseOrdersSchema,
    load: (signal: AbortSignal) => fetchPurchaseOrders(status, signal),
  }),
  purchaseOrder: (id: number) => ({
    area,
    name: `purchase-order:${id}`,
    load: async (signal: AbortSignal) => (await fetchPurchaseOrder(id, signal)).order,
  }),
  inventoryAlerts: () => ({
    area,
    name: "inventory-alerts",
    schema: InventoryAlertsSchema,
    load: fetchInventoryAlerts,
  }),
  newsletterSubscribers: () => ({
    area,
    name: "newsletter-subscribers",
    schema: NewsletterSubscribersSchema,
    load: fetchNewsletterSubscribers,
  }),
  analytics: (days: RangeDays = 14) => ({
    area,
    name: `analytics:${days}`,
    schema: AnalyticsSchema,
    load: (signal: AbortSignal) => loadAnalytics(days, signal),
  }),
  // Reads of a dialog: not kept for offline use (no schema).
  locationStats: (locationId: number, start: string, end: string) => ({
    area,
    name: `location-stats:${locationId}|${start}|${end}`,
    load: (signal: AbortSignal) => fetchLocationStats(locationId, start, end, signal),
  }),
  costPayments: (costId: number) => ({
    area,
    name: `cost-payments:${costId}`,
    load: (signal: AbortSignal) => fetchCostPayments(costId, signal),
  }),
  // What to reorder (issue 37): reports read when asked, not kept for offline use
  reorder: (f: ReorderFilters) => ({
    area,
    name: `reorder:${JSON.stringify(f)}`,
    load: (signal: AbortSignal) => fetchReorder(f, signal),
  }),
  sizeCurve: (f: SizeCurveFilters) => ({
    area,
    name: `size-curve:${JSON.stringify(f)}`,
    load: (signal: AbortSignal) => fetchSizeCurve(f, signal),
  }),
  productMargin: (start: string, end: string, locationId: number | null) => ({
    area,
    name: `product-margin:${start}|${end}|${locationId ?? ""}`,
    load: (signal: AbortSignal) => fetchProductMargin(start, end, locationId, signal),
  }),
  wholesaleHistory: (productId: number) => ({
    area,
    name: `wholesale-history:${productId}`,
    load: (signal: AbortSignal) => fetchProductSales(productId, signal),
  }),
};
