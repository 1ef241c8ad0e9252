import type { Role } from "../db/schema";
import { AREA_ROLES } from "./roles";

export type Access = "public" | "authenticated" | readonly Role[];

/**
 * Who may call each API route, by path prefix (first match wins); an entry may name its method
 * ("PATCH /api/v1/products") where the readers and the writers of a path differ. The role-matrix test
 * walks the app's real route table and fails when a route has no entry here, so new routes cannot slip by.
 */
export const ROUTE_POLICY: readonly [prefix: string, access: Access][] = [
  ["/health", "public"],
  ["/ping", "public"],
  ["/api/v1/health", "public"],
  // the API reference and its document
  ["/api/v1/openapi.json", "public"],
  ["/api/docs", "public"],
  ["/api/v1/ping", "public"],
  ["/api/v1/public/", "public"],
  ["/api/v1/auth/auth/login-json", "public"],
  ["/api/v1/auth/auth/me", "authenticated"],
  // what the caller's own company plan includes (the SPA hides the modules it leaves out)
  ["/api/v1/plan/", "authenticated"],
  ["/api/v1/auth/auth/password", "authenticated"],
  ["/api/v1/auth/auth/pin", ["administrador"]],
  ["/api/v1/superadmin/setup/first-superadmin", "public"],
  ["/api/v1/superadmin/", AREA_ROLES.superuser],
  ["/api/v1/admin/", AREA_ROLES.admin],
  ["/api/v1/mayoreo/", AREA_ROLES.admin],
  ["/api/v1/boss/boss/", AREA_ROLES.boss],
  ["/api/v1/warehouse/", AREA_ROLES.warehouse],
  ["/api/v1/courier/", AREA_ROLES.courier],
  // stock is adjusted by the administrador anywhere and a keeper in their warehouse; the boss reads
  ["POST /api/v1/inventory/adjustments", AREA_ROLES.warehouse],
  // physical counts: the same writers; the boss reads counts and variances (the entry below)
  ["POST /api/v1/inventory/counts", AREA_ROLES.warehouse],
  // pairs merged or split by hand: the same writers as adjustments (a keeper in their warehouse)
  ["POST /api/v1/inventory/pairs", AREA_ROLES.warehouse],
  ["PUT /api/v1/inventory/counts", AREA_ROLES.warehouse],
  ["DELETE /api/v1/inventory/counts", AREA_ROLES.warehouse],
  ["/api/v1/inventory/", [...AREA_ROLES.warehouse, "boss"]],
  // finding a product by its codes is for every company role; the catalogue (with costs) for the
  // managers: the administrador edits it, the boss reads it
  ["/api/v1/products/lookup", AREA_ROLES.companyStaff],
  // box labels: whoever receives or counts stock prints them
  ["POST /api/v1/products/labels", AREA_ROLES.warehouse],
  ["PATCH /api/v1/products", AREA_ROLES.admin],
  ["PUT /api/v1/products", AREA_ROLES.admin],
  ["/api/v1/products", [...AREA_ROLES.admin, "boss"]],
  ["/api/v1/vendor/", AREA_ROLES.seller],
  // customers: a customer's purchase history is for the administrador and the boss; sellers register
  // and correct (phone and e-mail only, checked by the route) at the till; everyone of those searches
  ["GET /api/v1/customers/", [...AREA_ROLES.admin, "boss"]],
  ["POST /api/v1/customers", AREA_ROLES.seller],
  ["PATCH /api/v1/customers", AREA_ROLES.seller],
  ["/api/v1/customers", [...AREA_ROLES.seller, "boss"]],
  ["/api/v1/sales/", AREA_ROLES.seller],
  // the till: a store's sellers work it; the administrador and the boss read every session
  ["GET /api/v1/cash-sessions/current", AREA_ROLES.seller],
  ["GET /api/v1/cash-sessions", ["administrador", "boss", "superuser"]],
  ["/api/v1/cash-sessions", AREA_ROLES.seller],
  ["/api/v1/sale-returns", AREA_ROLES.seller],
  ["/api/v1/expenses/", AREA_ROLES.seller],
  ["/api/v1/discounts/", AREA_ROLES.seller],
  ["/api/v1/notifications/", AREA_ROLES.notices],
  // storefront reservations: a store's sellers handle their store's, the administrador any; the boss reads
  ["GET /api/v1/store-reservations", [...AREA_ROLES.seller, "boss"]],
  ["/api/v1/store-reservations", AREA_ROLES.seller],
  ["/api/v1/returns/", AREA_ROLES.seller],
  // the live feed authenticates with the token in the query string (browsers cannot send headers)
  ["/api/v1/transfers/live", "authenticated"],
  ["/api/v1/transfers/events", AREA_ROLES.companyStaff],
  ["/api/v1/transfers/", AREA_ROLES.seller],
  // restock orders: stores and keepers order; couriers carry them too, so they act on them (each sees
  // its own: the route filters, and the state machine says who does what)
  ["POST /api/v1/transfer-orders/", ["seller", "bodeguero", "corredor", "administrador", "superuser"]],
  ["POST /api/v1/transfer-orders", ["seller", "bodeguero", "administrador", "superuser"]],
  ["/api/v1/transfer-orders", ["seller", "bodeguero", "corredor", "administrador", "superuser"]],
  ["/api/v1/classify/catalog", AREA_ROLES.companyStaff],
  ["/api/v1/classify/enroll/", AREA_ROLES.admin],
  ["/api/v1/classify/enrolment", AREA_ROLES.admin],
  ["/api/v1/classify/scan", AREA_ROLES.seller],
  ["/api/v1/locations", AREA_ROLES.companyStaff],
  ["/api/v1/files/", AREA_ROLES.companyStaff],
];

export function accessFor(path: string, method: string): Access | null {
  const verb = method.toUpperCase();
  const matches = ([entry]: readonly [string, Access]) => {
    const space = entry.indexOf(" ");
    const prefix = space === -1 ? entry : entry.slice(space + 1);
    if (space !== -1 && entry.slice(0, space) !== verb) return false;
    return path === prefix || path.startsWith(prefix);
  };
  return ROUTE_POLICY.find(matches)?.[1] ?? null;
}

/**
 * What every route that is not public answers when the caller's credentials cannot be used, whatever
 * the role (requireAuth, and the live feed's own check of its query-string token): a token that is
 * expired or not signed by us is no session (401), and so is a session of a user deactivated since
 * (a deactivation ends every session: worker/auth/accounts.ts); a real session of a user of a
 * suspended company is refused (403, the same text as at login). The role matrix checks every
 * route against this; scripts/policy-table.ts writes it to docs/access.md.
 */
export const CREDENTIAL_FAILURES = [
  { key: "expired", label: "token vencido", status: 401 },
  { key: "forged", label: "firma falsificada", status: 401 },
  { key: "inactive", label: "usuario desactivado", status: 401 },
  { key: "suspended", label: "empresa suspendida", status: 403 },
] as const;
export type CredentialFailure = (typeof CREDENTIAL_FAILURES)[number]["key"];
