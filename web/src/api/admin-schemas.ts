import type { Answer, api } from "./http";
import { storedCopyOf } from "./stored";

/** Answers of the administrador's area (worker/routes/<context>/admin-*.ts, wholesale/mayoreo.ts, scan/classify.ts), as the Worker types them. */

type Panel = typeof api.admin.admin;

export type UsersList = Answer<Panel["users"]["$get"]>;
export type StaffUser = UsersList["users"][number];

export type AvailableLocation = Answer<Panel["available-locations-for-users"]["$get"]>["locations"][number];
export type AdminLocations = Answer<Panel["locations"]["$get"]>;
export type AdminLocation = AdminLocations["locations"][number];
export type LocationStats = Answer<Panel["locations"][":id"]["stats"]["$get"]>;

export type CostsList = Answer<Panel["costs"]["$get"]>;
export type Cost = CostsList["costs"][number];
export type OperationalDashboard = Answer<Panel["costs"]["operational-dashboard"]["$get"]>;
/** One payment of a cost's log (undone ones too). */
export type CostPaymentEntry = Answer<Panel["costs"][":id"]["payments"]["$get"]>["payments"][number];

export type PendingDiscounts = Answer<Panel["discount-requests"]["pending"]["$get"]>;
export type DiscountRequest = PendingDiscounts["requests"][number];
export type PendingReturns = Answer<Panel["returns"]["pending"]["$get"]>;
export type PendingReturn = PendingReturns["returns"][number];
export type Discrepancies = Answer<Panel["discrepancies"]["$get"]>;
export type Discrepancy = Discrepancies["discrepancies"][number];

export type InventoryEntryResult = Answer<Panel["inventory"]["video-entry-distributed"]["$post"]>;
export type VideoPart = Answer<Panel["inventory"]["video-uploads"]["parts"]["$put"]>;

export type ScanEnrolment = Answer<typeof api.classify.enrolment.$get>;
export type MissingReferences = ScanEnrolment["missing"][number];

export type InventoryAlerts = Answer<Panel["inventory-alerts"]["$get"]>;
export type InventoryAlert = InventoryAlerts["alerts"][number];

export type SalesReport = Answer<Panel["reports"]["sales"]["$post"]>;
export type VatReport = Answer<Panel["reports"]["iva"]["$get"]>;
export type ReorderReport = Answer<Panel["reports"]["reorder"]["$get"]>;
export type ReorderRow = ReorderReport["rows"][number];
export type SizeCurve = Answer<Panel["reports"]["size-curve"]["$get"]>;
export type ProductMargin = Answer<Panel["reports"]["product-margin"]["$get"]>;
export type UserPerformance = Answer<Panel["performance"]["users"]["$get"]>;
export type TransfersOverview = Answer<Panel["transfers"]["overview"]["$get"]>;
export type ProductAssignments = Answer<Panel["product-assignments"]["$get"]>;
export type AdminDashboard = Answer<Panel["dashboard"]["$get"]>;
export type Health = Answer<Panel["health"]["$get"]>;
export type SystemOverview = Answer<Panel["system"]["overview"]["$get"]>;
export type ConnectionDiagnosis = Answer<Panel["diagnosis"]["microservice-connection"]["$get"]>;

type Wholesale = typeof api.mayoreo;
export type WholesaleProduct = Answer<Wholesale["productos"]["listar"]["$get"]>[number];
export type WholesaleSale = Answer<Wholesale["ventas"]["listar"]["$get"]>[number];
export type WholesaleStats = Answer<Wholesale["estadisticas"]["$get"]>;

export type NewsletterSubscribers = Answer<Panel["newsletter"]["subscribers"]["$get"]>;

// Last-data copies of the screens (lib/lastData.ts).
export const UsersListSchema = storedCopyOf<UsersList>("users", "total");
export const AdminLocationsSchema = storedCopyOf<AdminLocations>("locations", "total");
export const CostsListSchema = storedCopyOf<CostsList>("costs", "total");
export const OperationalDashboardSchema = storedCopyOf<OperationalDashboard>(
  "summary",
  "locations_status",
  "upcoming_week",
);
export const PendingDiscountsSchema = storedCopyOf<PendingDiscounts>("requests");
export const PendingReturnsSchema = storedCopyOf<PendingReturns>("returns");
export const DiscrepanciesSchema = storedCopyOf<Discrepancies>("discrepancies");
export const InventoryAlertsSchema = storedCopyOf<InventoryAlerts>("alerts", "total");
export const SalesReportSchema = storedCopyOf<SalesReport>("report_period", "total_sales");
export const UserPerformanceSchema = storedCopyOf<UserPerformance>("users");
export const TransfersOverviewSchema = storedCopyOf<TransfersOverview>("by_status");
export const SystemOverviewSchema = storedCopyOf<SystemOverview>("users");
export const AdminDashboardSchema = storedCopyOf<AdminDashboard>("metrics");
export const NewsletterSubscribersSchema = storedCopyOf<NewsletterSubscribers>("subscribers", "total");
export const WholesaleProductsSchema = storedCopyOf<WholesaleProduct[]>();
export const WholesaleSalesSchema = storedCopyOf<WholesaleSale[]>();
export const WholesaleStatsSchema = storedCopyOf<WholesaleStats>("total_productos");
