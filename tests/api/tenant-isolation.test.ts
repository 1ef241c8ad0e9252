import { env } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { accessFor } from "../../worker/auth/policy";
import {
  companies,
  inventory,
  locations,
  notifications,
  products,
  type Role,
  stockCounts,
  stockDiscrepancies,
  stockMovements,
  transferRequests,
  userDirectory,
  users,
} from "../../worker/db/schema";
import { demoProducts } from "../../worker/db/seed/index";
import { everyCompanyDb } from "../../worker/db/shards";
import { DEFAULT_MODEL, modelOf } from "../../worker/domain/scan/matching";
import app from "../../worker/index";
import {
  api,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  form,
  insertUser,
  jpeg,
  login,
  ok,
  PASSWORD,
  platform,
  updateCompanyRow,
} from "./support/helpers";
import { companySnapshot } from "./support/snapshot";

/**
 * A user of company B ("otra") must never read or change anything of company A ("demo"). Every route of
 * the app's route table is either covered here by at least one case or exempt with its reason; each
 * case runs as every company-B role the route's policy allows (and the superuser acting for company B),
 * with real ids of company A's objects, and checks the status, that the answer names nothing of A, and
 * that nothing of A changed (every row with A's company_id and A's files in R2).
 */

// ---------------------------------------------------------------- actors of company B

const ACTORS = ["administrador", "boss", "bodeguero", "seller", "corredor", "superuser"] as const;
type Actor = (typeof ACTORS)[number];

const B_LOGIN: Record<Exclude<Actor, "superuser">, string> = {
  administrador: DEMO.otherAdmin,
  seller: DEMO.otherSeller,
  boss: "boss@otra.horma.co",
  bodeguero: "bodega@otra.horma.co",
  corredor: "corredor@otra.horma.co",
};

// ---------------------------------------------------------------- company A's objects

/** Tables whose ids the answers are searched for. */
const ENTITIES = [
  "locations",
  "users",
  "products",
  "sales",
  "expenses",
  "discount_requests",
  "transfer_requests",
  "notifications",
  "operating_costs",
  "inventory_alerts",
  "wholesale_products",
  "wholesale_sales",
  "newsletter_subscribers",
  "contact_messages",
  "web_reservations",
  "stock_discrepancies",
  "customers",
  "cash_sessions",
  "cash_movements",
  "sale_returns",
] as const;
type Entity = (typeof ENTITIES)[number];

/** Which table an answer's `<key>: <number>` refers to (plain `id` depends on the case). */
const KEY_ENTITY: Record<string, Entity> = {
  location_id: "locations",
  source_location_id: "locations",
  destination_location_id: "locations",
  user_id: "users",
  seller_id: "users",
  requester_id: "users",
  courier_id: "users",
  warehouse_keeper_id: "users",
  product_id: "products",
  product_ids: "products",
  sale_id: "sales",
  used_in_sale_id: "sales",
  expense_id: "expenses",
  discount_id: "discount_requests",
  discount_request_id: "discount_requests",
  transfer_id: "transfer_requests",
  transfer_request_id: "transfer_requests",
  original_transfer_id: "transfer_requests",
  return_id: "transfer_requests",
  mayoreo_id: "wholesale_products",
  customer_id: "customers",
  exchange_sale_id: "sales",
};

type TransferState =
  | "pending"
  | "acceptedCourier"
  | "acceptedVendor"
  | "courierAssigned"
  | "inTransit"
  | "delivered"
  | "completed";

interface CompanyA {
  id: number;
  centro: number;
  principal: number;
  secretLocation: number;
  secretUser: number;
  /** A's administrador (whose password and login lock the boss manages). */
  admin: number;
  product: number;
  productRef: string;
  sale: number;
  /** a customer of A's, named on A's sale */
  customer: number;
  customerDocument: string;
  expense: number;
  discount: number;
  cost: number;
  /** a payment of that cost, in its log */
  costPayment: number;
  alert: number;
  wholesale: number;
  notification: number;
  discrepancy: number;
  /** an open till of Local Centro with a cash movement */
  till: number;
  /** a completed sale of A's with one line, brought back by A's seller (the return and its receipt) */
  returnedSale: number;
  returnedItem: number;
  saleReturn: number;
  /** a message a storefront visitor left for A (the showcase company) */
  contactMessage: number;
  /** a shopper's pending reservation at A's Local Centro (the storefront's cart) */
  webReservation: number;
  /** an open physical count of Local Centro with one line */
  count: number;
  countLine: number;
  upload: { key: string; upload_id: string };
  files: { saleReceipt: string; expenseReceipt: string; productImage: string; productVideo: string; foto: string };
  saleKey: string;
  expenseKey: string;
  transfers: Record<TransferState, number>;
  returns: Record<Exclude<TransferState, "completed">, number>;
}

interface CompanyB {
  id: number;
  store: number;
  warehouse: number;
  seller: number;
  /** A transfer of company B's (not delivered yet). */
  transfer: number;
  /** An open physical count of company B's warehouse. */
  count: number;
  /** A pair the company-B store can sell. */
  line: { ref: string; size: string; price: number };
}

const A = {} as CompanyA;
const B = {} as CompanyB;
/** Every id company A owns, per table. */
const A_IDS = {} as Record<Entity, Set<number>>;
/** Strings that only company A's data contains (names, addresses, codes, keys). */
const A_MARKERS: string[] = [];

// ---------------------------------------------------------------- cases

type Req = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  /** Built per call: a FormData body can be sent once. */
  form?: () => FormData;
  raw?: Uint8Array;
  headers?: Record<string, string>;
};

type Case = {
  /** "foreign": names one of A's objects; "scoped": names nothing of A. */
  kind: "foreign" | "scoped";
  /** What company B tries. */
  what: string;
  req: (actor: Actor) => Req;
  /** Accepted statuses; default 404 (an id of another company is unknown). */
  status?: readonly number[];
  statusFor?: Partial<Record<Actor, readonly number[]>>;
  /** Table of the answer's plain `id` keys (list routes). */
  entity?: Entity;
};

type Entry = { exempt: string } | Case[];

const OK = [200] as const;
const CREATED = [201] as const;
const P = "/api/v1";
const PLATFORM = "superuser-only platform route: the superuser is the one cross-tenant role; company users get 403";

/** A case that names one of company A's objects: 404 for every role. */
const foreign = (what: string, req: Case["req"], extra: Partial<Case> = {}): Case => ({
  kind: "foreign",
  what,
  req,
  ...extra,
});
/** A case that names nothing of A (lists, dashboards, creating in B's own company): it works, and shows nothing of A. */
const scoped = (what: string, req: Case["req"], status: readonly number[] = OK, entity?: Entity): Case => ({
  kind: "scoped",
  what,
  req,
  status,
  ...(entity ? { entity } : {}),
});
const get = (path: string): Req => ({ path });
const post = (path: string, json: unknown = {}): Req => ({ method: "POST", path, json });

/** Seller-area routes act at a location: the administrador and the superuser name one of company B. */
const atB = (actor: Actor) => (actor === "seller" ? "" : `?location_id=${B.store}`);
const range = "start_date=2026-01-01&end_date=2026-12-31";
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const webm = () => {
  const data = new Uint8Array(4096);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return data;
};
const unitVector = () => Array.from({ length: modelOf(DEFAULT_MODEL).embeddingSize }, (_, i) => (i === 3 ? 1 : 0));
const files = (key: keyof CompanyA["files"]) => foreign(`reads A's ${key}`, () => get(`${P}/files/${A.files[key]}`));

const ROUTES: Record<string, Entry> = {
  "GET /health": { exempt: "public liveness check: no company data" },
  "GET /ping": { exempt: "public liveness check: no company data" },
  "GET /api/v1/ping": { exempt: "public liveness check: no company data" },
  "GET /api/v1/health": { exempt: "public liveness check: no company data" },
  "GET /api/v1/openapi.json": { exempt: "public API document: routes and schemas, no company data" },
  "GET /api/docs": { exempt: "public API reference page: no company data" },
  "POST /api/v1/auth/auth/login-json": { exempt: "public login: answers only the account whose password is given" },
  "GET /api/v1/auth/auth/me": [scoped("reads its own account", () => get(`${P}/auth/auth/me`))],
  "GET /api/v1/plan/modules": [scoped("reads its own company's plan", () => get(`${P}/plan/modules`))],
  "PUT /api/v1/auth/auth/password": {
    exempt: "changes only the caller's own password (no id in the request), after checking the current one",
  },
  "PUT /api/v1/auth/auth/pin": {
    exempt: "sets only the caller's own authorisation PIN (no id in the request), after checking the password",
  },
  "POST /api/v1/superadmin/setup/first-superadmin": { exempt: "one-time platform installation: no company data" },
  "GET /api/v1/superadmin/health": { exempt: PLATFORM },
  "GET /api/v1/superadmin/companies": { exempt: PLATFORM },
  "POST /api/v1/superadmin/companies": { exempt: PLATFORM },
  "GET /api/v1/superadmin/companies/:id": { exempt: PLATFORM },
  "GET /api/v1/superadmin/companies/:id/with-boss": { exempt: PLATFORM },
  "PUT /api/v1/superadmin/companies/:id": { exempt: PLATFORM },
  "DELETE /api/v1/superadmin/companies/:id": { exempt: PLATFORM },
  "POST /api/v1/superadmin/companies/:id/suspend": { exempt: PLATFORM },
  "POST /api/v1/superadmin/companies/:id/activate": { exempt: PLATFORM },
  "POST /api/v1/superadmin/companies/:id/boss": { exempt: PLATFORM },
  "GET /api/v1/superadmin/companies/:id/boss": { exempt: PLATFORM },
  "POST /api/v1/superadmin/subscriptions/change": { exempt: PLATFORM },
  "GET /api/v1/superadmin/subscriptions/:id/history": { exempt: PLATFORM },
  "POST /api/v1/superadmin/subscriptions/changes/:id/cancel": { exempt: PLATFORM },
  "GET /api/v1/superadmin/invoices": { exempt: PLATFORM },
  "GET /api/v1/superadmin/invoices/company/:id": { exempt: PLATFORM },
  "POST /api/v1/superadmin/invoices/generate/:id": { exempt: PLATFORM },
  "POST /api/v1/superadmin/invoices/:id/mark-paid": { exempt: PLATFORM },
  "GET /api/v1/superadmin/metrics/global": { exempt: PLATFORM },
  "GET /api/v1/superadmin/metrics/company/:id": { exempt: PLATFORM },
  "GET /api/v1/superadmin/reports/financial": { exempt: PLATFORM },
  "GET /api/v1/superadmin/plans": { exempt: PLATFORM },
  "GET /api/v1/superadmin/regions": { exempt: PLATFORM },
  "POST /api/v1/superadmin/plans": { exempt: PLATFORM },
  "GET /api/v1/superadmin/companies/:id/administradores": { exempt: PLATFORM },
  "POST /api/v1/superadmin/companies/:id/administradores": { exempt: PLATFORM },
  "PUT /api/v1/superadmin/users/:id/password": { exempt: PLATFORM },
  "POST /api/v1/superadmin/users/:id/unlock": { exempt: PLATFORM },
  "PUT /api/v1/superadmin/users/:id/active": { exempt: PLATFORM },
  "GET /api/v1/public/products": { exempt: "public storefront: the showcase company's catalogue, by design" },
  "GET /api/v1/public/stores": {
    exempt: "public storefront: the showcase company's open stores and how to reach them, by design",
  },
  "POST /api/v1/public/contact": {
    exempt: "public storefront: anyone may leave a message for the showcase company, and the answer reads nothing",
  },
  "POST /api/v1/public/newsletter": {
    exempt: "public storefront: anyone may leave an e-mail for the showcase company, and the answer reads nothing",
  },
  "GET /api/v1/public/stock": {
    exempt: "public storefront: free pairs per store of the showcase company's published products, by design",
  },
  "POST /api/v1/public/reservations": {
    exempt:
      "public storefront: anyone may reserve at the showcase company's stores; the answer is the reservation just made",
  },
  "GET /api/v1/public/products/:id/image": { exempt: "public storefront: the showcase company's photos, by design" },
  "GET /api/v1/public/receipts/:token": {
    exempt:
      "public link, no account: the 128-bit token is the receipt's only key; tests/api/public.test.ts shows a token opens that sale only",
  },
  "GET /api/v1/admin/admin/health": { exempt: "static module health: no company data" },
  "GET /api/v1/cash-sessions/current": [
    scoped("reads its own store's till", (actor) => get(`${P}/cash-sessions/current${atB(actor)}`)),
  ],
  "POST /api/v1/cash-sessions/open": [
    // a seller always acts at their own store: the A location named is ignored, the till opened is B's
    foreign(
      "opens the till of an A store",
      () => post(`${P}/cash-sessions/open?location_id=${A.centro}`, { opening_float: 1 }),
      { statusFor: { seller: [201, 409] } },
    ),
  ],
  "POST /api/v1/cash-sessions/:id/movements": [
    foreign("takes cash out of an A till", (actor) =>
      post(`${P}/cash-sessions/${A.till}/movements${atB(actor)}`, { kind: "out", amount: 1, reason: "x" }),
    ),
  ],
  "POST /api/v1/cash-sessions/:id/close": [
    foreign("closes an A till", (actor) =>
      post(`${P}/cash-sessions/${A.till}/close${atB(actor)}`, { counted_cash: 0, note: "x" }),
    ),
  ],
  "GET /api/v1/cash-sessions": [
    scoped("lists its own tills", () => get(`${P}/cash-sessions`)),
    scoped("filters by an A store", () => get(`${P}/cash-sessions?location_id=${A.centro}`)),
  ],
  "GET /api/v1/cash-sessions/:id": [foreign("reads an A till", () => get(`${P}/cash-sessions/${A.till}`))],
  "GET /api/v1/sale-returns/sales": [
    foreign("lists the sales of an A customer", () => get(`${P}/sale-returns/sales?customer_id=${A.customer}`)),
  ],
  "GET /api/v1/sale-returns/sale": [
    foreign("finds an A sale by its number", () => get(`${P}/sale-returns/sale?code=${A.returnedSale}`)),
  ],
  "POST /api/v1/sale-returns": [
    foreign("brings back a line of an A sale", () =>
      post(`${P}/sale-returns`, {
        sale_id: A.returnedSale,
        lines: [{ sale_item_id: A.returnedItem, quantity: 1 }],
        reason: "talla",
        refund_method: "efectivo",
      }),
    ),
  ],
  "GET /api/v1/sale-returns/:id": [foreign("reads an A return", () => get(`${P}/sale-returns/${A.saleReturn}`))],
  "GET /api/v1/admin/admin/settings": [scoped("reads its own receipt data", () => get(`${P}/admin/admin/settings`))],
  "PUT /api/v1/admin/admin/settings": [
    scoped("sets its own receipt data", () => ({
      method: "PUT",
      path: `${P}/admin/admin/settings`,
      json: { return_policy: "Política de B" },
    })),
  ],
  "GET /api/v1/boss/boss/health": { exempt: "static module health: no company data" },
  "GET /api/v1/transfers/live": {
    exempt:
      "WebSocket to the TransferHub of the token's own company (no id in the request); the same feed is checked through GET /transfers/events",
  },

  // locations
  "GET /api/v1/locations": [scoped("lists its locations", () => get(`${P}/locations`), OK, "locations")],
  "GET /api/v1/locations/:id": [foreign("reads an A location", () => get(`${P}/locations/${A.centro}`))],

  // administrador
  "POST /api/v1/admin/create-test-data": [scoped("seeds its own catalogue", () => post(`${P}/admin/create-test-data`))],
  "POST /api/v1/admin/admin/users": [
    foreign("creates a user at an A location", () =>
      post(`${P}/admin/admin/users`, {
        email: `intruso-${unique()}@otra.horma.co`,
        password: "secreto1",
        first_name: "Intruso",
        last_name: "Otra",
        role: "vendedor",
        location_id: A.centro,
      }),
    ),
  ],
  "GET /api/v1/admin/admin/users": [
    scoped("lists its staff", () => get(`${P}/admin/admin/users`), OK, "users"),
    scoped(
      "filters its staff by an A location",
      () => get(`${P}/admin/admin/users?location_id=${A.centro}`),
      OK,
      "users",
    ),
  ],
  "PUT /api/v1/admin/admin/users/:id": [
    foreign("edits and deactivates an A user", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}`,
      json: { first_name: "Hackeada", is_active: false },
    })),
    foreign("moves an A user to a B location", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}`,
      json: { location_id: B.store },
    })),
    foreign("moves its own user to an A location", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${B.seller}`,
      json: { location_id: A.centro },
    })),
  ],
  "PUT /api/v1/admin/admin/users/:id/password": [
    foreign("sets an A user's password", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}/password`,
      json: { password: "robada123" },
    })),
  ],
  "POST /api/v1/admin/admin/users/:id/unlock": [
    foreign("unlocks an A user", () => post(`${P}/admin/admin/users/${A.secretUser}/unlock`)),
  ],
  "GET /api/v1/admin/admin/locations": [
    scoped("lists its locations with totals", () => get(`${P}/admin/admin/locations`), OK, "locations"),
  ],
  "GET /api/v1/admin/admin/available-locations-for-users": [
    scoped("lists assignable locations", () => get(`${P}/admin/admin/available-locations-for-users`), OK, "locations"),
  ],
  "PUT /api/v1/admin/admin/locations/:id": [
    foreign("renames an A location", () => ({
      method: "PUT",
      path: `${P}/admin/admin/locations/${A.centro}`,
      json: { name: "Tomada", address: "Otra dirección" },
    })),
  ],
  "POST /api/v1/admin/admin/locations/:id/deactivate": [
    foreign("closes an A location", () => post(`${P}/admin/admin/locations/${A.secretLocation}/deactivate`)),
  ],
  "POST /api/v1/admin/admin/locations/:id/reactivate": [
    foreign("reopens an A location", () => post(`${P}/admin/admin/locations/${A.secretLocation}/reactivate`)),
  ],
  "GET /api/v1/admin/admin/locations/:id/stats": [
    foreign("reads an A location's stats", () => get(`${P}/admin/admin/locations/${A.centro}/stats?${range}`)),
  ],
  "POST /api/v1/admin/admin/costs": [
    foreign("registers a cost at an A location", () =>
      post(`${P}/admin/admin/costs`, {
        location_id: A.centro,
        cost_type: "arriendo",
        description: "Costo intruso",
        amount: 1000,
        frequency: "mensual",
      }),
    ),
  ],
  "GET /api/v1/admin/admin/costs": [
    scoped("lists its costs", () => get(`${P}/admin/admin/costs`), OK, "operating_costs"),
    scoped(
      "filters its costs by an A location",
      () => get(`${P}/admin/admin/costs?location_id=${A.centro}`),
      OK,
      "operating_costs",
    ),
  ],
  "POST /api/v1/admin/admin/costs/:id/pay": [
    foreign("pays an A cost", () => post(`${P}/admin/admin/costs/${A.cost}/pay`, { payment_method: "efectivo" })),
  ],
  "GET /api/v1/admin/admin/costs/:id/payments": [
    foreign("reads an A cost's payment log", () => get(`${P}/admin/admin/costs/${A.cost}/payments`)),
  ],
  "POST /api/v1/admin/admin/costs/:id/payments/:paymentId/undo": [
    foreign("undoes a payment of an A cost", () =>
      post(`${P}/admin/admin/costs/${A.cost}/payments/${A.costPayment}/undo`, { reason: "Intruso" }),
    ),
  ],
  "GET /api/v1/admin/admin/costs/operational-dashboard": [
    scoped("reads its cost dashboard", () => get(`${P}/admin/admin/costs/operational-dashboard`)),
  ],
  "GET /api/v1/admin/admin/discount-requests/pending": [
    scoped("lists pending discounts", () => get(`${P}/admin/admin/discount-requests/pending`), OK, "discount_requests"),
  ],
  "GET /api/v1/admin/admin/discrepancies": [
    scoped(
      "lists its receptions' discrepancies",
      () => get(`${P}/admin/admin/discrepancies?status=all`),
      OK,
      "stock_discrepancies",
    ),
  ],
  "POST /api/v1/admin/admin/discrepancies/:id/resolve": [
    foreign("resolves an A discrepancy", () =>
      post(`${P}/admin/admin/discrepancies/${A.discrepancy}/resolve`, { resolution: "found", reason: "apareció" }),
    ),
  ],
  "POST /api/v1/admin/admin/discount-requests/approve": [
    foreign("approves an A discount", () =>
      post(`${P}/admin/admin/discount-requests/approve`, { discount_request_id: A.discount, approved: true }),
    ),
  ],
  "POST /api/v1/admin/admin/inventory/video-entry-distributed": [
    foreign("registers a product with an A video", () => ({
      method: "POST",
      path: `${P}/admin/admin/inventory/video-entry-distributed`,
      form: () =>
        form({
          product_brand: "Intrusa",
          product_model: "Robada",
          unit_price: "1000",
          video_key: A.files.productVideo,
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: B.store, quantity: 1 }] }]),
        }),
    })),
    foreign("puts stock at an A location", () => ({
      method: "POST",
      path: `${P}/admin/admin/inventory/video-entry-distributed`,
      form: () =>
        form({
          product_brand: "Intrusa",
          product_model: "Regalada",
          unit_price: "1000",
          video_file: new File([webm()], "v.webm", { type: "video/webm" }),
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: A.centro, quantity: 5 }] }]),
        }),
    })),
  ],
  "POST /api/v1/admin/admin/inventory/video-uploads": [
    scoped(
      "starts its own video upload",
      () => post(`${P}/admin/admin/inventory/video-uploads`, { content_type: "video/webm", size: 4096 }),
      CREATED,
    ),
  ],
  "PUT /api/v1/admin/admin/inventory/video-uploads/parts": [
    foreign("writes a part into an A upload", () => ({
      method: "PUT",
      path: `${P}/admin/admin/inventory/video-uploads/parts?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}&part_number=1`,
      raw: webm(),
    })),
  ],
  "POST /api/v1/admin/admin/inventory/video-uploads/complete": [
    foreign("completes an A upload", () =>
      post(`${P}/admin/admin/inventory/video-uploads/complete`, {
        ...A.upload,
        parts: [{ part_number: 1, etag: "x" }],
      }),
    ),
  ],
  "DELETE /api/v1/admin/admin/inventory/video-uploads": [
    foreign("aborts an A upload", () => ({
      method: "DELETE",
      path: `${P}/admin/admin/inventory/video-uploads?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}`,
    })),
  ],
  "POST /api/v1/admin/admin/inventory-alerts": [
    foreign("sets an alert on an A location", () =>
      post(`${P}/admin/admin/inventory-alerts`, { location_id: A.centro, threshold_value: 5 }),
    ),
  ],
  "GET /api/v1/admin/admin/inventory-alerts": [
    scoped("lists its alerts", () => get(`${P}/admin/admin/inventory-alerts`), OK, "inventory_alerts"),
  ],
  "POST /api/v1/admin/admin/reports/sales": [
    scoped("reports sales of an A location", () =>
      post(`${P}/admin/admin/reports/sales`, {
        start_date: "2026-01-01",
        end_date: "2026-12-31",
        location_id: A.centro,
      }),
    ),
  ],
  "GET /api/v1/admin/admin/performance/users": [
    scoped("asks for the performance of A users", () =>
      get(`${P}/admin/admin/performance/users?user_ids=${A.secretUser}`),
    ),
  ],
  "GET /api/v1/admin/admin/transfers/overview": [
    scoped("reads its transfers overview", () => get(`${P}/admin/admin/transfers/overview`)),
  ],
  "GET /api/v1/admin/admin/product-assignments": [
    scoped("reads its product assignments", () => get(`${P}/admin/admin/product-assignments`)),
  ],
  "GET /api/v1/admin/admin/dashboard": [scoped("reads its dashboard", () => get(`${P}/admin/admin/dashboard`))],
  "GET /api/v1/admin/admin/dashboard/metrics": [
    scoped("reads its metrics", () => get(`${P}/admin/admin/dashboard/metrics`)),
  ],
  "GET /api/v1/admin/admin/system/overview": [
    scoped("reads its system overview", () => get(`${P}/admin/admin/system/overview`)),
  ],
  "GET /api/v1/admin/admin/contact-messages": [
    scoped(
      "lists the storefront's contact messages",
      () => get(`${P}/admin/admin/contact-messages`),
      OK,
      "contact_messages",
    ),
  ],
  "PUT /api/v1/admin/admin/contact-messages/:id/read": [
    foreign("marks an A contact message read", () => ({
      method: "PUT",
      path: `${P}/admin/admin/contact-messages/${A.contactMessage}/read`,
      json: { read: true },
    })),
  ],
  "GET /api/v1/store-reservations": [
    scoped("lists its web reservations", () => get(`${P}/store-reservations?status=all`), OK, "web_reservations"),
  ],
  "POST /api/v1/store-reservations/:id/confirm": [
    foreign("confirms an A web reservation", () => post(`${P}/store-reservations/${A.webReservation}/confirm`)),
  ],
  "POST /api/v1/store-reservations/:id/complete": [
    foreign("completes an A web reservation", () => post(`${P}/store-reservations/${A.webReservation}/complete`)),
  ],
  "POST /api/v1/store-reservations/:id/cancel": [
    foreign("cancels an A web reservation", () =>
      post(`${P}/store-reservations/${A.webReservation}/cancel`, { reason: "Intento de otra empresa" }),
    ),
  ],
  "GET /api/v1/admin/admin/newsletter/subscribers": [
    scoped(
      "lists newsletter subscribers",
      () => get(`${P}/admin/admin/newsletter/subscribers`),
      OK,
      "newsletter_subscribers",
    ),
  ],
  "GET /api/v1/admin/admin/returns/pending": [
    scoped("lists pending returns", () => get(`${P}/admin/admin/returns/pending`), OK, "transfer_requests"),
  ],
  "GET /api/v1/admin/admin/diagnosis/microservice-connection": [
    scoped("runs the diagnosis", () => get(`${P}/admin/admin/diagnosis/microservice-connection`)),
  ],

  // seller
  "GET /api/v1/vendor/dashboard": [scoped("reads its dashboard", () => get(`${P}/vendor/dashboard`))],
  "GET /api/v1/vendor/pending-transfers": [
    scoped("lists its open transfers", () => get(`${P}/vendor/pending-transfers`), OK, "transfer_requests"),
  ],
  "GET /api/v1/vendor/completed-transfers": [
    scoped("lists its finished transfers", () => get(`${P}/vendor/completed-transfers`), OK, "transfer_requests"),
  ],
  "GET /api/v1/vendor/transfer-details/:id": [
    foreign("reads an A transfer", () => get(`${P}/vendor/transfer-details/${A.transfers.pending}`)),
  ],
  "POST /api/v1/vendor/confirm-reception/:id": [
    foreign("receives an A transfer", () => post(`${P}/vendor/confirm-reception/${A.transfers.delivered}`)),
  ],
  "POST /api/v1/vendor/cancel-transfer/:id": [
    foreign("cancels an A transfer", () => post(`${P}/vendor/cancel-transfer/${A.transfers.pending}`)),
    foreign("cancels an accepted A transfer", () =>
      post(`${P}/vendor/cancel-transfer/${A.transfers.acceptedVendor}`, { cancellation_reason: "no" }),
    ),
  ],
  "POST /api/v1/vendor/cancel-accepted/:id": [
    foreign("cancels an accepted A request as its keeper", () =>
      post(`${P}/vendor/cancel-accepted/${A.transfers.acceptedVendor}`, { reason: "no" }),
    ),
  ],
  "GET /api/v1/vendor/incoming-requests": [
    scoped(
      "lists what others asked its store for",
      () => get(`${P}/vendor/incoming-requests`),
      OK,
      "transfer_requests",
    ),
  ],
  "POST /api/v1/vendor/accept-request": [
    foreign("accepts an A request as its keeper", () =>
      post(`${P}/vendor/accept-request`, { transfer_request_id: A.transfers.pending }),
    ),
    foreign("declines an A request as its keeper", () =>
      post(`${P}/vendor/accept-request`, { transfer_request_id: A.transfers.pending, accepted: false, reason: "no" }),
    ),
  ],
  "POST /api/v1/vendor/deliver-to-courier": [
    foreign("hands an A request to a courier", () =>
      post(`${P}/vendor/deliver-to-courier`, { transfer_request_id: A.transfers.courierAssigned }),
    ),
  ],
  "POST /api/v1/vendor/deliver-to-vendor/:id": [
    foreign("hands an A request to a seller", () =>
      post(`${P}/vendor/deliver-to-vendor/${A.transfers.acceptedVendor}`),
    ),
  ],
  "POST /api/v1/vendor/confirm-return-reception/:id": [
    foreign("receives an A return", () => post(`${P}/vendor/confirm-return-reception/${A.returns.delivered}`)),
  ],
  "POST /api/v1/vendor/deliver-return-to-warehouse/:id": [
    foreign("delivers an A return", () => post(`${P}/vendor/deliver-return-to-warehouse/${A.returns.acceptedVendor}`)),
  ],
  "GET /api/v1/transfers/events": [scoped("reads its live events", () => get(`${P}/transfers/events`))],
  "POST /api/v1/transfers/request": [
    foreign(
      "requests pairs from an A warehouse",
      () =>
        post(`${P}/transfers/request`, {
          source_location_id: A.principal,
          sneaker_reference_code: B.line.ref,
          size: B.line.size,
        }),
      // a transfer request is made by a seller at their store; the others have none to receive it
      { statusFor: { administrador: [409], superuser: [409] } },
    ),
  ],
  "POST /api/v1/transfers/request-single-foot": [
    foreign(
      "requests a single foot from an A warehouse",
      () =>
        post(`${P}/transfers/request-single-foot`, {
          source_location_id: A.principal,
          sneaker_reference_code: B.line.ref,
          size: B.line.size,
          foot_side: "left",
        }),
      { statusFor: { administrador: [409], superuser: [409] } },
    ),
  ],
  "POST /api/v1/transfers/create-return": [
    foreign("returns an A transfer", () =>
      post(`${P}/transfers/create-return`, { original_transfer_id: A.transfers.completed, pickup_type: "corredor" }),
    ),
  ],
  "GET /api/v1/transfers/my-requests": [
    scoped("lists its requests", () => get(`${P}/transfers/my-requests`), OK, "transfer_requests"),
  ],
  "POST /api/v1/returns/request": [
    foreign("returns an A transfer", () =>
      post(`${P}/returns/request`, { original_transfer_id: A.transfers.completed, pickup_type: "vendedor" }),
    ),
  ],

  // warehouse
  "GET /api/v1/warehouse/pending-requests": [
    scoped("lists pending requests", () => get(`${P}/warehouse/pending-requests`), OK, "transfer_requests"),
  ],
  "GET /api/v1/warehouse/accepted-requests": [
    scoped("lists accepted requests", () => get(`${P}/warehouse/accepted-requests`), OK, "transfer_requests"),
  ],
  "GET /api/v1/warehouse/returns": [
    scoped("lists returns", () => get(`${P}/warehouse/returns`), OK, "transfer_requests"),
  ],
  "GET /api/v1/warehouse/stats": [scoped("reads its stats", () => get(`${P}/warehouse/stats`))],
  "POST /api/v1/warehouse/accept-request": [
    foreign("accepts an A request", () =>
      post(`${P}/warehouse/accept-request`, { transfer_request_id: A.transfers.pending }),
    ),
  ],
  "POST /api/v1/warehouse/cancel-accepted/:id": [
    foreign("cancels an accepted A request", () =>
      post(`${P}/warehouse/cancel-accepted/${A.transfers.courierAssigned}`, { reason: "no" }),
    ),
    foreign("cancels an accepted A return", () =>
      post(`${P}/warehouse/cancel-accepted/${A.returns.acceptedCourier}`, { reason: "no" }),
    ),
  ],
  "POST /api/v1/warehouse/deliver-to-courier": [
    foreign("hands an A request to a courier", () =>
      post(`${P}/warehouse/deliver-to-courier`, { transfer_request_id: A.transfers.courierAssigned }),
    ),
  ],
  "POST /api/v1/warehouse/deliver-to-vendor/:id": [
    foreign("hands an A request to a seller", () =>
      post(`${P}/warehouse/deliver-to-vendor/${A.transfers.acceptedVendor}`),
    ),
  ],
  "POST /api/v1/warehouse/confirm-return-reception/:id": [
    foreign("receives an A return", () => post(`${P}/warehouse/confirm-return-reception/${A.returns.delivered}`)),
  ],
  "GET /api/v1/warehouse/couriers": [scoped("lists its couriers", () => get(`${P}/warehouse/couriers`), OK, "users")],

  // courier
  "GET /api/v1/courier/available-requests": [
    scoped("lists available transports", () => get(`${P}/courier/available-requests`), OK, "transfer_requests"),
  ],
  "GET /api/v1/courier/my-transports": [
    scoped("lists its transports", () => get(`${P}/courier/my-transports`), OK, "transfer_requests"),
  ],
  "GET /api/v1/courier/my-deliveries": [
    scoped("lists its deliveries", () => get(`${P}/courier/my-deliveries`), OK, "transfer_requests"),
  ],
  "POST /api/v1/courier/accept-request/:id": [
    foreign("takes an A transport", () => post(`${P}/courier/accept-request/${A.transfers.acceptedCourier}`)),
  ],
  "POST /api/v1/courier/confirm-pickup/:id": [
    foreign("picks up an A transport", () => post(`${P}/courier/confirm-pickup/${A.transfers.courierAssigned}`)),
  ],
  "POST /api/v1/courier/confirm-delivery/:id": [
    foreign("delivers an A transport", () => post(`${P}/courier/confirm-delivery/${A.transfers.inTransit}`)),
    foreign("records a failed delivery of an A transport", () =>
      post(`${P}/courier/confirm-delivery/${A.transfers.inTransit}?delivery_successful=false&notes=intruso`),
    ),
  ],
  "POST /api/v1/courier/accept-return/:id": [
    foreign("takes an A return", () => post(`${P}/courier/accept-return/${A.returns.acceptedCourier}`)),
  ],
  "POST /api/v1/courier/confirm-return-pickup/:id": [
    foreign("picks up an A return", () => post(`${P}/courier/confirm-return-pickup/${A.returns.courierAssigned}`)),
  ],
  "POST /api/v1/courier/confirm-return-delivery/:id": [
    foreign("delivers an A return", () => post(`${P}/courier/confirm-return-delivery/${A.returns.inTransit}`)),
    foreign("records a failed delivery of an A return", () =>
      post(`${P}/courier/confirm-return-delivery/${A.returns.inTransit}?delivery_successful=false`),
    ),
  ],
  "POST /api/v1/courier/report-failed-delivery/:id": [
    foreign("records a failed attempt on an A transport", () =>
      post(`${P}/courier/report-failed-delivery/${A.transfers.inTransit}`, { reason: "otro", notes: "intruso" }),
    ),
    foreign("records a failed attempt on an A return", () =>
      post(`${P}/courier/report-failed-delivery/${A.returns.inTransit}`, { reason: "local_cerrado" }),
    ),
  ],
  "POST /api/v1/courier/return-to-origin/:id": [
    foreign("takes an A transport back to its origin", () =>
      post(`${P}/courier/return-to-origin/${A.transfers.inTransit}`),
    ),
  ],
  "POST /api/v1/courier/confirm-origin-return/:id": [
    foreign("puts an A transport back into its origin's stock", () =>
      post(`${P}/courier/confirm-origin-return/${A.transfers.inTransit}`),
    ),
  ],

  // inventory
  "GET /api/v1/inventory/warehouse-keeper/inventory/all": [
    scoped("lists its stock", () => get(`${P}/inventory/warehouse-keeper/inventory/all`)),
    foreign("lists the stock of an A location", () =>
      get(`${P}/inventory/warehouse-keeper/inventory/all?location_id=${A.centro}`),
    ),
  ],

  // boss
  "POST /api/v1/boss/boss/locations": [
    scoped(
      "creates a location in its own company",
      () => post(`${P}/boss/boss/locations`, { name: `Otra Sede ${unique()}`, type: "local" }),
      CREATED,
    ),
  ].map((c) => ({ ...c, statusFor: { superuser: [409] } })), // the boss takes the plan's last free location
  "GET /api/v1/boss/boss/locations": [
    scoped("lists its locations", () => get(`${P}/boss/boss/locations?include_inactive=true`), OK, "locations"),
  ],
  "GET /api/v1/boss/boss/administradores": [
    scoped("lists its administradores", () => get(`${P}/boss/boss/administradores`), OK, "users"),
  ],
  "POST /api/v1/boss/boss/administradores": [
    foreign("creates an administrador at an A location", () =>
      post(`${P}/boss/boss/administradores`, {
        email: `intruso-admin-${unique()}@otra.horma.co`,
        password: "secreto1",
        first_name: "Intruso",
        last_name: "Otra",
        location_id: A.centro,
      }),
    ),
  ],
  "PUT /api/v1/boss/boss/administradores/:id/password": [
    foreign("sets A's administrador's password", () => ({
      method: "PUT",
      path: `${P}/boss/boss/administradores/${A.admin}/password`,
      json: { password: "robada123" },
    })),
  ],
  "PUT /api/v1/boss/boss/administradores/:id/active": [
    foreign("deactivates A's administrador", () => ({
      method: "PUT",
      path: `${P}/boss/boss/administradores/${A.admin}/active`,
      json: { is_active: false, confirm_last: true },
    })),
  ],
  "POST /api/v1/boss/boss/administradores/:id/unlock": [
    foreign("unlocks A's administrador", () => post(`${P}/boss/boss/administradores/${A.admin}/unlock`)),
  ],
  "GET /api/v1/boss/boss/dashboard": [scoped("reads its dashboard", () => get(`${P}/boss/boss/dashboard`))],
  "POST /api/v1/boss/boss/reports/sales/consolidated": [
    scoped("reads its consolidated sales", () =>
      post(`${P}/boss/boss/reports/sales/consolidated`, { start_date: "2026-01-01", end_date: "2026-12-31" }),
    ),
  ],
  "GET /api/v1/boss/boss/reports/sales/daily": [
    scoped("reads its daily sales", () => get(`${P}/boss/boss/reports/sales/daily`)),
  ],
  "GET /api/v1/boss/boss/reports/sales/monthly": [
    scoped("reads its monthly sales", () => get(`${P}/boss/boss/reports/sales/monthly?year=2026&month=11`)),
  ],
  "GET /api/v1/boss/boss/inventory/consolidated": [
    scoped("reads its consolidated stock", () => get(`${P}/boss/boss/inventory/consolidated`)),
  ],
  "GET /api/v1/boss/boss/financial/analysis": [
    scoped("reads its financial analysis", () => get(`${P}/boss/boss/financial/analysis?${range}`)),
  ],
  "GET /api/v1/boss/boss/financial/monthly": [
    scoped("reads its monthly finances", () => get(`${P}/boss/boss/financial/monthly?year=2026&month=11`)),
  ],
  "GET /api/v1/boss/boss/summary": [scoped("reads its summary", () => get(`${P}/boss/boss/summary`))],

  // scan
  "GET /api/v1/classify/catalog": [scoped("downloads its scan catalogue", () => get(`${P}/classify/catalog`))],
  "GET /api/v1/classify/enrolment": [
    scoped("lists its products without scan references", () => get(`${P}/classify/enrolment`), OK, "products"),
    scoped(
      "lists its products without references of the old model",
      () => get(`${P}/classify/enrolment?model_id=mobilenet_v1_0.75_224`),
      OK,
      "products",
    ),
  ],
  "POST /api/v1/classify/enroll/:productId": [
    foreign("enrols references for an A product", () =>
      post(`${P}/classify/enroll/${A.product}`, { vectors: [unitVector()] }),
    ),
  ],
  "POST /api/v1/classify/scan": [
    scoped("searches an A reference code", () => ({
      method: "POST",
      path: `${P}/classify/scan`,
      form: () => form({ reference_code: A.productRef }),
    })),
  ],

  // sales, expenses, discounts, notifications
  "POST /api/v1/sales/create": [
    foreign(
      "sells at an A location",
      () => ({
        method: "POST",
        path: `${P}/sales/create`,
        json: {
          items: [{ sneaker_reference_code: B.line.ref, size: B.line.size, quantity: 1, unit_price: B.line.price }],
          payment_methods: [{ payment_type: "efectivo", amount: B.line.price }],
          total_amount: B.line.price,
          location_id: A.centro,
        },
      }),
      // a seller always sells at their own store (the field is ignored): it is B's own sale
      { statusFor: { seller: [201] } },
    ),
    scoped(
      "replays A's idempotency key",
      (actor) => ({
        method: "POST",
        path: `${P}/sales/create`,
        headers: { "Idempotency-Key": A.saleKey },
        json: {
          items: [{ sneaker_reference_code: B.line.ref, size: B.line.size, quantity: 1, unit_price: B.line.price }],
          payment_methods: [{ payment_type: "efectivo", amount: B.line.price }],
          total_amount: B.line.price,
          ...(actor === "seller" ? {} : { location_id: B.store }),
        },
      }),
      // keys are per company: B's first actor records B's own sale, B's next actors get 409 (a key
      // replays only for the user who made it)
      [200, 201, 409],
    ),
    foreign("sells to an A customer", (actor) => ({
      method: "POST",
      path: `${P}/sales/create`,
      json: {
        items: [{ sneaker_reference_code: B.line.ref, size: B.line.size, quantity: 1, unit_price: B.line.price }],
        payment_methods: [{ payment_type: "efectivo", amount: B.line.price }],
        total_amount: B.line.price,
        customer_id: A.customer,
        ...(actor === "seller" ? {} : { location_id: B.store }),
      },
    })),
    foreign("sells with an A discount", (actor) => ({
      method: "POST",
      path: `${P}/sales/create`,
      json: {
        items: [{ sneaker_reference_code: B.line.ref, size: B.line.size, quantity: 1, unit_price: B.line.price }],
        payment_methods: [{ payment_type: "efectivo", amount: B.line.price - 150 }],
        total_amount: B.line.price - 150,
        discount_request_id: A.discount,
        ...(actor === "seller" ? {} : { location_id: B.store }),
      },
    })),
  ],
  // customers
  "GET /api/v1/customers": [
    scoped("lists its customers", () => get(`${P}/customers`), OK, "customers"),
    scoped("searches an A customer's document", () => get(`${P}/customers?q=${A.customerDocument}`), OK, "customers"),
    scoped("searches an A customer's name", () => get(`${P}/customers?q=SecretoA`), OK, "customers"),
  ],
  "POST /api/v1/customers": [
    scoped(
      "registers a customer of its own",
      () =>
        post(`${P}/customers`, {
          name: "Cliente Propio",
          document_type: "PASAPORTE",
          document_number: `B${unique()}`.toUpperCase(),
          data_consent: true,
        }),
      CREATED,
    ),
  ],
  "GET /api/v1/customers/:id": [
    foreign("reads an A customer with their purchases", () => get(`${P}/customers/${A.customer}`)),
  ],
  "PATCH /api/v1/customers/:id": [
    foreign("corrects an A customer's phone", () => ({
      method: "PATCH",
      path: `${P}/customers/${A.customer}`,
      json: { phone: "3001112233" },
    })),
  ],
  "POST /api/v1/sales/price-overrides": [
    foreign(
      "asks a price for an A product",
      () =>
        post(`${P}/sales/price-overrides`, {
          sneaker_reference_code: A.productRef,
          new_price: 1000,
          reason: "intento",
          admin_pin: "2468",
        }),
      // the reference is unknown in B (422) — or B has no administrador PIN to check (409)
      { status: [409, 422] },
    ),
  ],
  "GET /api/v1/admin/admin/price-overrides": [
    scoped("lists its price overrides", () => get(`${P}/admin/admin/price-overrides`)),
  ],

  // catalogue
  "GET /api/v1/products": [
    scoped("lists its catalogue", () => get(`${P}/products?page_size=200`), OK, "products"),
    scoped("searches its catalogue for an A reference", () => get(`${P}/products?q=${A.productRef}`), OK, "products"),
  ],
  "GET /api/v1/products/lookup": [
    foreign("looks up an A reference", () => get(`${P}/products/lookup?code=${A.productRef}`)),
  ],
  "GET /api/v1/products/:id": [foreign("reads an A product", () => get(`${P}/products/${A.product}`))],
  "GET /api/v1/products/:id/movements": [
    foreign("reads an A product's ledger", () => get(`${P}/products/${A.product}/movements`)),
  ],
  "PATCH /api/v1/products/:id": [
    foreign("edits an A product's price", () => ({
      method: "PATCH",
      path: `${P}/products/${A.product}`,
      json: { unit_price: 1, is_active: false },
    })),
  ],
  "GET /api/v1/products/:id/variants": [
    foreign("reads an A product's codes", () => get(`${P}/products/${A.product}/variants`)),
  ],
  "PUT /api/v1/products/:id/variants": [
    foreign("sets an A product's barcodes", () => ({
      method: "PUT",
      path: `${P}/products/${A.product}/variants`,
      json: { variants: [{ size: "40", barcode: "4006381333931" }] },
    })),
  ],
  "POST /api/v1/products/labels": [
    foreign("prints labels of an A product (and would give it codes)", () => ({
      method: "POST",
      path: `${P}/products/labels`,
      json: { items: [{ product_id: A.product, size: "40" }] },
    })),
  ],
  "PUT /api/v1/products/:id/photo": [
    foreign("puts a photo on an A product", () => ({
      method: "PUT",
      path: `${P}/products/${A.product}/photo`,
      form: () => form({ image: jpeg() }),
    })),
  ],
  "POST /api/v1/inventory/adjustments": [
    foreign("adjusts an A product at its own warehouse", () =>
      post(`${P}/inventory/adjustments`, {
        product_id: A.product,
        location_id: B.warehouse,
        size: "40",
        unit_kind: "pairs",
        delta: 5,
        reason: "encontrado",
      }),
    ),
    foreign("adjusts stock at an A location", () =>
      post(`${P}/inventory/adjustments`, {
        product_id: A.product,
        location_id: A.centro,
        size: "40",
        unit_kind: "pairs",
        delta: -1,
        reason: "perdida_robo",
      }),
    ),
  ],
  "POST /api/v1/inventory/pairs/merge": [
    foreign("merges feet of an A product", () =>
      post(`${P}/inventory/pairs/merge`, { product_id: A.product, location_id: B.warehouse, size: "40" }),
    ),
    foreign("merges feet at an A location", () =>
      post(`${P}/inventory/pairs/merge`, { product_id: A.product, location_id: A.centro, size: "40" }),
    ),
  ],
  "POST /api/v1/inventory/pairs/split": [
    foreign("splits a pair of an A product", () =>
      post(`${P}/inventory/pairs/split`, {
        product_id: A.product,
        location_id: B.warehouse,
        size: "40",
        write_off: "left",
        reason: "dano",
      }),
    ),
    foreign("splits a pair at an A location", () =>
      post(`${P}/inventory/pairs/split`, {
        product_id: A.product,
        location_id: A.centro,
        size: "40",
        write_off: "right",
        reason: "perdida_robo",
      }),
    ),
  ],
  "GET /api/v1/inventory/adjustments": [
    scoped("reports its adjustments", () => get(`${P}/inventory/adjustments`)),
    scoped("filters its adjustments by an A location", () => get(`${P}/inventory/adjustments?location_id=${A.centro}`)),
  ],
  "POST /api/v1/inventory/counts": [
    foreign("opens a count at an A location", () => post(`${P}/inventory/counts`, { location_id: A.centro })),
  ],
  "GET /api/v1/inventory/counts": [
    scoped("lists its counts", () => get(`${P}/inventory/counts`)),
    scoped("filters its counts by an A location", () => get(`${P}/inventory/counts?location_id=${A.centro}`)),
  ],
  "GET /api/v1/inventory/counts/:id": [foreign("reads an A count", () => get(`${P}/inventory/counts/${A.count}`))],
  "GET /api/v1/inventory/counts/:id/variances": [
    foreign("reads an A count's variances", () => get(`${P}/inventory/counts/${A.count}/variances`)),
  ],
  "PUT /api/v1/inventory/counts/:id/lines": [
    foreign("counts a line in an A count", () => ({
      method: "PUT",
      path: `${P}/inventory/counts/${A.count}/lines`,
      json: { code: A.productRef, size: "40", pairs: 9 },
    })),
    foreign("counts an A product in its own count", () => ({
      method: "PUT",
      path: `${P}/inventory/counts/${B.count}/lines`,
      json: { code: A.productRef, size: "40", pairs: 9 },
    })),
  ],
  "DELETE /api/v1/inventory/counts/:id/lines/:lineId": [
    foreign("removes a line of an A count", () => ({
      method: "DELETE",
      path: `${P}/inventory/counts/${A.count}/lines/${A.countLine}`,
    })),
    foreign("removes an A line through its own count", () => ({
      method: "DELETE",
      path: `${P}/inventory/counts/${B.count}/lines/${A.countLine}`,
    })),
  ],
  "POST /api/v1/inventory/counts/:id/post": [
    foreign("posts an A count", () => post(`${P}/inventory/counts/${A.count}/post`)),
  ],
  "POST /api/v1/inventory/counts/:id/cancel": [
    foreign("cancels an A count", () => post(`${P}/inventory/counts/${A.count}/cancel`)),
  ],
  "POST /api/v1/sales/create-from-transfer": [
    foreign(
      "sells at an A location what a B transfer brought",
      () =>
        post(`${P}/sales/create-from-transfer?location_id=${A.centro}`, {
          transfer_id: B.transfer,
          total_amount: 1000,
          payment_methods: [{ payment_type: "efectivo", amount: 1000 }],
        }),
      // a seller always acts at their own store: the location is ignored, and B's transfer is not delivered
      { statusFor: { seller: [409] } },
    ),
    foreign("sells what an A transfer brought", (actor) =>
      post(`${P}/sales/create-from-transfer${atB(actor)}`, {
        transfer_id: A.transfers.delivered,
        total_amount: 1000,
        payment_methods: [{ payment_type: "efectivo", amount: 1000 }],
      }),
    ),
  ],
  "GET /api/v1/sales/today": [scoped("lists its sales of the day", () => get(`${P}/sales/today`), OK, "sales")],
  "GET /api/v1/sales/pending-confirmation": [
    scoped("lists its sales to confirm", () => get(`${P}/sales/pending-confirmation`), OK, "sales"),
  ],
  "POST /api/v1/sales/confirm": [
    foreign("rejects an A sale (its stock would come back)", () =>
      post(`${P}/sales/confirm`, { sale_id: A.sale, confirmed: false }),
    ),
    foreign("confirms an A sale", () => post(`${P}/sales/confirm`, { sale_id: A.sale, confirmed: true })),
  ],
  "POST /api/v1/expenses/create": [
    scoped("records its own expense", () => post(`${P}/expenses/create`, { concept: "Cinta", amount: 1200 }), CREATED),
    scoped(
      "replays A's idempotency key",
      () => ({
        ...post(`${P}/expenses/create`, { concept: "Cinta", amount: 1300 }),
        headers: { "Idempotency-Key": A.expenseKey },
      }),
      [200, 201, 409],
    ),
  ],
  "GET /api/v1/expenses/today": [scoped("lists its expenses", () => get(`${P}/expenses/today`), OK, "expenses")],
  "POST /api/v1/discounts/request": [
    scoped("asks for a discount", () => post(`${P}/discounts/request`, { amount: 1000, reason: "Cliente" }), CREATED),
  ],
  "GET /api/v1/discounts/my-requests": [
    scoped("lists its discounts", () => get(`${P}/discounts/my-requests`), OK, "discount_requests"),
  ],
  "GET /api/v1/notifications/returns": [
    scoped("lists its notifications", () => get(`${P}/notifications/returns`), OK, "notifications"),
  ],
  "POST /api/v1/notifications/returns/:id/mark-read": [
    foreign("marks an A notification read", () => post(`${P}/notifications/returns/${A.notification}/mark-read`)),
  ],

  // wholesale
  "POST /api/v1/mayoreo/productos/crear": [
    scoped(
      "creates its own wholesale product",
      () =>
        post(`${P}/mayoreo/productos/crear`, {
          modelo: `Caja ${unique()}`,
          cantidad_cajas_disponibles: 1,
          pares_por_caja: 12,
          precio: 1000,
        }),
      CREATED,
    ),
  ],
  "GET /api/v1/mayoreo/productos/listar": [
    scoped("lists its wholesale products", () => get(`${P}/mayoreo/productos/listar`), OK, "wholesale_products"),
  ],
  "PUT /api/v1/mayoreo/productos/:id/actualizar": [
    foreign("edits an A wholesale product", () => ({
      method: "PUT",
      path: `${P}/mayoreo/productos/${A.wholesale}/actualizar`,
      json: { precio: 1, is_active: false },
    })),
    foreign("puts a photo on an A wholesale product", () => ({
      method: "PUT",
      path: `${P}/mayoreo/productos/${A.wholesale}/actualizar`,
      form: () => form({ foto: jpeg() }),
    })),
  ],
  "DELETE /api/v1/mayoreo/productos/:id/eliminar": [
    foreign("deletes an A wholesale product", () => ({
      method: "DELETE",
      path: `${P}/mayoreo/productos/${A.wholesale}/eliminar`,
    })),
  ],
  "GET /api/v1/mayoreo/productos/:id/ventas": [
    foreign("reads the sales of an A wholesale product", () => get(`${P}/mayoreo/productos/${A.wholesale}/ventas`)),
  ],
  "POST /api/v1/mayoreo/ventas/registrar": [
    foreign("sells A wholesale boxes", () =>
      post(`${P}/mayoreo/ventas/registrar`, { mayoreo_id: A.wholesale, cantidad_cajas_vendidas: 1 }),
    ),
  ],
  "GET /api/v1/mayoreo/ventas/listar": [
    scoped("lists its wholesale sales", () => get(`${P}/mayoreo/ventas/listar`), OK, "wholesale_sales"),
  ],
  "GET /api/v1/mayoreo/estadisticas": [scoped("reads its wholesale stats", () => get(`${P}/mayoreo/estadisticas`))],

  // files
  "GET /api/v1/files/*": [
    files("saleReceipt"),
    files("expenseReceipt"),
    files("productImage"),
    files("productVideo"),
    files("foto"),
  ],
};

// ---------------------------------------------------------------- the route table

const ROUTE_TABLE = [
  ...new Map(
    app.routes
      .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

const CASES = Object.entries(ROUTES).flatMap(([route, entry]) =>
  "exempt" in entry ? [] : entry.map((c, i) => ({ route, index: i, label: `${route} — ${c.what}`, case: c })),
);

function actorsFor(route: string): Actor[] {
  const access = accessFor(route.slice(route.indexOf(" ") + 1), route.slice(0, route.indexOf(" ")));
  if (access === null || access === "public") return [];
  return ACTORS.filter((actor) => access === "authenticated" || access.includes(actor as Role));
}

// ---------------------------------------------------------------- setting up both companies

async function tokenOf(actor: Actor): Promise<string> {
  return login(actor === "superuser" ? DEMO.superuser : B_LOGIN[actor]);
}

/** A call of company A's `email` that must succeed (any 2xx); what it answers is not read. */
async function asA(email: string, req: Req) {
  const res = await send(await login(email), req, null);
  const text = await res.text();
  expect(res.status, `${req.method ?? "GET"} ${req.path}: ${text}`).toBeLessThan(300);
}

/** Company A's `email`'s typed routes. */
const routesOf = async (email: string) => client(await login(email));

function send(token: string, req: Req, companyId: number | null): Promise<Response> {
  const headers: Record<string, string> = {
    ...req.headers,
    ...(companyId === null ? {} : { "X-Company-Id": String(companyId) }),
  };
  if (req.raw) headers["Content-Type"] = "application/octet-stream";
  return api(req.path, {
    method: req.method ?? "GET",
    token,
    headers,
    ...(req.json !== undefined ? { json: req.json } : {}),
    ...(req.form ? { body: req.form() } : {}),
    ...(req.raw ? { body: req.raw } : {}),
  });
}

const keyOf = (url: unknown) => String(url).replace(/^\/api\/v1\/files\//, "");

/** A location by name, on whichever shard holds it (A and B live on different shards). */
async function locationId(name: string) {
  for (const shard of everyCompanyDb(env)) {
    const [row] = await shard.select({ id: locations.id }).from(locations).where(eq(locations.name, name));
    if (row) return row.id;
  }
  throw new Error(`location ${name}`);
}

/** An account's id, from the platform's directory. */
async function userId(email: string) {
  const [row] = await platform()
    .select({ id: userDirectory.id })
    .from(userDirectory)
    .where(eq(userDirectory.email, email));
  if (!row) throw new Error(`user ${email}`);
  return row.id;
}

async function keyOfRow(table: "sales" | "expenses", id: number): Promise<string> {
  const [row] = await db().all<{ k: string }>(sql.raw(`SELECT idempotency_key AS k FROM ${table} WHERE id = ${id}`));
  if (!row?.k) throw new Error(`${table} ${id} has no idempotency key`);
  return row.k;
}

/** A copy of one of A's transfers in another state: the states the seed does not have. */
async function cloneTransfer(baseId: number, changes: Partial<typeof transferRequests.$inferInsert>) {
  const [base] = await db().select().from(transferRequests).where(eq(transferRequests.id, baseId));
  if (!base) throw new Error(`transfer ${baseId}`);
  const { id: _id, ...rest } = base;
  const [row] = await db()
    .insert(transferRequests)
    .values({ ...rest, ...changes })
    .returning({ id: transferRequests.id });
  if (!row) throw new Error("clone");
  return row.id;
}

async function seededTransfer(status: string, pickupType: "corredor" | "vendedor", requestType = "transfer") {
  const [row] = await db()
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.companyId, A.id),
        sql`${transferRequests.status} = ${status}`,
        eq(transferRequests.pickupType, pickupType),
        sql`${transferRequests.requestType} = ${requestType}`,
      ),
    )
    .limit(1);
  if (!row) throw new Error(`no ${status} ${pickupType} ${requestType}`);
  return row.id;
}

async function setUpCompanyB() {
  const otra = await companyNamed("otra");
  B.id = otra.id;
  // B lives on another shard than A: every row of B is written there
  const dbB = await dbOf(B.id);
  // three locations at most: the boss's new location takes the last free one
  await updateCompanyRow(B.id, { maxLocations: 3 });
  B.store = await locationId("Otra Tienda Medellín");
  B.warehouse = await locationId("Otra Bodega Itagüí");
  B.seller = await userId(DEMO.otherSeller);
  const hash = await hashPassword(PASSWORD);
  for (const user of [
    {
      companyId: B.id,
      email: B_LOGIN.boss,
      passwordHash: hash,
      firstName: "Olivia",
      lastName: "Jefa",
      role: "boss" as const,
    },
    {
      companyId: B.id,
      email: B_LOGIN.bodeguero,
      passwordHash: hash,
      firstName: "Omar",
      lastName: "Bodeguero",
      role: "bodeguero" as const,
      locationId: B.warehouse,
    },
    {
      companyId: B.id,
      email: B_LOGIN.corredor,
      passwordHash: hash,
      firstName: "Orlando",
      lastName: "Mensajero",
      role: "corredor" as const,
    },
  ])
    await insertUser(user);
  const [line] = await dbB
    .select({ ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.locationId, B.store), sql`${inventory.pairs} - ${inventory.reservedPairs} > 0`))
    .limit(1);
  if (!line) throw new Error("company B has no stock at its store");
  // enough pairs for every sale the cases make, through the ledger like any entry
  const [cell] = await dbB
    .update(inventory)
    .set({ pairs: sql`${inventory.pairs} + 40` })
    .where(
      and(
        eq(inventory.locationId, B.store),
        eq(inventory.size, line.size),
        inArray(
          inventory.productId,
          dbB
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.companyId, B.id), eq(products.referenceCode, line.ref))),
        ),
      ),
    )
    .returning();
  if (!cell) throw new Error("company B's stock cell");
  await dbB.insert(stockMovements).values({
    companyId: B.id,
    productId: cell.productId,
    locationId: B.store,
    size: line.size,
    deltaPairs: 40,
    reason: "entry",
  });
  B.line = { ref: line.ref, size: line.size, price: line.price / 100 };
  const [transfer] = await dbB
    .insert(transferRequests)
    .values({
      companyId: B.id,
      requesterId: B.seller,
      sourceLocationId: B.warehouse,
      destinationLocationId: B.store,
      sneakerReferenceCode: line.ref,
      brand: "Marca",
      model: "Modelo",
      size: line.size,
      quantity: 1,
      transferType: "pair",
      inventoryType: "pair",
      purpose: "cliente",
      requestType: "transfer",
      pickupType: "corredor",
      destinationType: "exhibicion",
      priority: "high",
    })
    .returning({ id: transferRequests.id });
  B.transfer = transfer?.id ?? 0;
  const [count] = await dbB
    .insert(stockCounts)
    .values({ companyId: B.id, locationId: B.warehouse })
    .returning({ id: stockCounts.id });
  B.count = count?.id ?? 0;
}

async function setUpCompanyA() {
  const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
  A.id = demo?.id ?? 0;
  A.admin = (await db().select().from(users).where(eq(users.email, DEMO.administrador)))[0]?.id ?? 0;
  A.centro = await locationId("Local Centro");
  A.principal = await locationId("Bodega Principal");
  const chapinero = await locationId("Local Chapinero");
  // a storefront visitor of A (the showcase company) subscribes to its newsletter
  const subscribed = await api(`${P}/public/newsletter`, { method: "POST", json: { email: "secreto-a@cliente.co" } });
  if (subscribed.status !== 201) throw new Error(`newsletter: ${subscribed.status}`);
  // and leaves a message for one of its stores in the contact form
  const wrote = await api(`${P}/public/contact`, {
    method: "POST",
    json: {
      name: "VisitanteSecretoA",
      email: "secreto-a@cliente.co",
      phone: "3104445566",
      message: "MensajeSecretoA para el local del centro",
      location_id: A.centro,
    },
  });
  if (wrote.status !== 201) throw new Error(`contact: ${wrote.status}`);
  const [message] = await db().all<{ id: number }>(
    sql`SELECT id FROM contact_messages WHERE company_id = ${A.id} AND name = 'VisitanteSecretoA'`,
  );
  A.contactMessage = message?.id ?? 0;
  // a shopper reserves a published product of A's at Local Centro
  const [showcase] = await db()
    .select({ id: products.id, size: inventory.size })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.companyId, A.id), eq(inventory.locationId, A.centro), sql`pairs - reserved_pairs > 1`))
    .limit(1);
  assert(showcase, "A has a pair to reserve at Local Centro");
  await env.FILES.put(`company/${A.id}/products/${showcase.id}/vitrina.jpg`, new Uint8Array([0xff, 0xd8, 0xff]));
  await db()
    .update(products)
    .set({ imageKey: `company/${A.id}/products/${showcase.id}/vitrina.jpg`, isPublished: true })
    .where(eq(products.id, showcase.id));
  const reservedA = await api(`${P}/public/reservations`, {
    method: "POST",
    json: {
      location_id: A.centro,
      name: "CompradoraSecretaA",
      phone: "3105556677",
      items: [{ product_id: showcase.id, size: showcase.size, quantity: 1 }],
    },
  });
  if (reservedA.status !== 201) throw new Error(`reservation: ${reservedA.status} ${await reservedA.text()}`);
  const [reservation] = await db().all<{ id: number }>(
    sql`SELECT id FROM web_reservations WHERE company_id = ${A.id} AND customer_name = 'CompradoraSecretaA'`,
  );
  A.webReservation = reservation?.id ?? 0;
  const webmFile = () => new File([webm()], "producto.webm", { type: "video/webm" });

  // a product with photo and video, stock at the store and the warehouse, and scan references
  A.productRef = "ASECRETA-REF-77";
  const adminA = await routesOf(DEMO.administrador);
  const entry = await ok(
    adminA.admin.admin.inventory["video-entry-distributed"].$post({
      form: {
        product_brand: "MarcaSecretaA",
        product_model: "ModeloSecretoA",
        unit_price: "250000",
        reference_code: A.productRef,
        reference_image: jpeg(),
        video_file: webmFile(),
        sizes_distribution_json: JSON.stringify([
          {
            size: "40",
            pairs: [
              { location_id: A.centro, quantity: 4 },
              { location_id: A.principal, quantity: 6 },
            ],
          },
        ]),
      },
    }),
    201,
  );
  A.product = entry.product_id;
  A.files = {
    productImage: keyOf(entry.image_url),
    productVideo: keyOf(entry.video_url),
  } as CompanyA["files"];
  await asA(DEMO.administrador, post(`${P}/classify/enroll/${A.product}`, { vectors: [unitVector()] }));

  // a sale that waits for confirmation, with its receipt
  const sellerA = await routesOf(DEMO.seller);
  A.customerDocument = "52998877";
  const customer = await ok(
    sellerA.customers.$post({
      json: {
        name: "Cliente SecretoA",
        document_type: "CC",
        document_number: A.customerDocument,
        phone: "3104445566",
        email: "cliente.secretoa@correo.co",
        data_consent: true,
      },
    }),
    201,
  );
  A.customer = customer.customer.id;
  const sale = await ok(
    sellerA.sales.create.$post({
      form: {
        items: JSON.stringify([{ sneaker_reference_code: A.productRef, size: "40", quantity: 1, unit_price: 250000 }]),
        payment_methods: JSON.stringify([{ payment_type: "tarjeta", amount: 250000, reference: "VentaSecretaA" }]),
        total_amount: "250000",
        notes: "VentaSecretaA",
        requires_confirmation: "true",
        customer_id: String(A.customer),
        receipt_image: jpeg(),
      },
    }),
    201,
  );
  A.sale = sale.sale_id;
  A.saleKey = await keyOfRow("sales", A.sale);
  const returned = await ok(
    sellerA.sales.create.$post({
      json: {
        items: [{ sneaker_reference_code: A.productRef, size: "40", quantity: 1 }],
        payment_methods: [{ payment_type: "efectivo", amount: 250000 }],
        total_amount: 250000,
      },
    }),
    201,
  );
  A.returnedSale = returned.sale_id;
  A.returnedItem = returned.sale_details.items[0]?.id ?? 0;
  const back = await ok(
    sellerA["sale-returns"].$post(
      {
        json: {
          sale_id: A.returnedSale,
          lines: [{ sale_item_id: A.returnedItem, quantity: 1 }],
          reason: "otro",
          notes: "DevolucionSecretaA",
          refund_method: "efectivo",
        },
      },
      { headers: { "Idempotency-Key": crypto.randomUUID() } },
    ),
    201,
  );
  A.saleReturn = back.sale_return.id;
  A.files.saleReceipt = keyOf(sale.receipt_info.url);

  const expense = await ok(
    sellerA.expenses.create.$post({ form: { concept: "GastoSecretoA", amount: "7300", receipt_image: jpeg() } }),
    201,
  );
  A.expense = expense.expense_id;
  A.expenseKey = await keyOfRow("expenses", A.expense);
  A.files.expenseReceipt = keyOf(expense.expense.receipt_url);

  const discount = await ok(
    sellerA.discounts.request.$post({ json: { amount: 150, reason: "DescuentoSecretoA" } }),
    201,
  );
  assert(discount.discount_id, "the discount request's id");
  A.discount = discount.discount_id;
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/discount-requests/approve`, { discount_request_id: A.discount, approved: true }),
  );

  const cost = await ok(
    adminA.admin.admin.costs.$post({
      json: {
        location_id: A.centro,
        cost_type: "arriendo",
        description: "CostoSecretoA",
        amount: 3_000_000,
        frequency: "mensual",
      },
    }),
    201,
  );
  A.cost = cost.id;
  const costPayment = await ok(
    adminA.admin.admin.costs[":id"].pay.$post({
      param: { id: String(A.cost) },
      json: { payment_method: "transferencia", note: "ReciboSecretoA" },
    }),
  );
  A.costPayment = costPayment.payment.id;
  const alert = await ok(
    adminA.admin.admin["inventory-alerts"].$post({
      json: {
        location_id: A.centro,
        threshold_value: 50,
        product_reference: A.productRef,
        notification_emails: ["alertasecreta@demo.horma.co"],
      },
    }),
    201,
  );
  assert(alert.id, "the alert's id");
  A.alert = alert.id;

  const wholesale = await ok(
    adminA.mayoreo.productos.crear.$post({
      form: {
        modelo: "MayoreoSecretoA",
        cantidad_cajas_disponibles: "10",
        pares_por_caja: "12",
        precio: "900000",
        foto: jpeg(),
      },
    }),
    201,
  );
  A.wholesale = wholesale.id;
  A.files.foto = keyOf(wholesale.foto_url);
  await asA(
    DEMO.administrador,
    post(`${P}/mayoreo/ventas/registrar`, {
      mayoreo_id: A.wholesale,
      cantidad_cajas_vendidas: 2,
      notas: "VentaMayoreoSecretaA",
    }),
  );

  const user = await ok(
    adminA.admin.admin.users.$post({
      json: {
        email: "secreta@demo.horma.co",
        password: "secreto1",
        first_name: "UsuariaSecretaA",
        last_name: "Demo",
        role: "vendedor",
        location_id: chapinero,
      },
    }),
    201,
  );
  A.secretUser = user.id;

  const place = await ok(
    (await routesOf(DEMO.boss)).boss.boss.locations.$post({
      json: { name: "BodegaSecretaA", type: "bodega", address: "Calle SecretaA" },
    }),
    201,
  );
  assert(place.location, "the new location");
  A.secretLocation = place.location.id;

  const upload = await ok(
    adminA.admin.admin.inventory["video-uploads"].$post({ json: { content_type: "video/webm", size: 4096 } }),
    201,
  );
  A.upload = { key: upload.key, upload_id: upload.upload_id };

  // a transfer request through the API (its event goes to A's hub), the seed's others, copies for the missing states
  const transfer = await ok(
    sellerA.transfers.request.$post({
      json: {
        source_location_id: A.principal,
        sneaker_reference_code: A.productRef,
        size: "40",
        notes: "TrasladoSecretoA",
      },
    }),
    201,
  );
  const pendingVendor = await seededTransfer("pending", "vendedor");
  const completed = await seededTransfer("completed", "corredor");
  A.transfers = {
    pending: transfer.transfer_request_id,
    acceptedCourier: await seededTransfer("accepted", "corredor"),
    acceptedVendor: await cloneTransfer(pendingVendor, { status: "accepted", acceptedAt: new Date().toISOString() }),
    courierAssigned: await seededTransfer("courier_assigned", "corredor"),
    inTransit: await seededTransfer("in_transit", "corredor"),
    delivered: await seededTransfer("delivered", "corredor"),
    completed,
  };
  const ret = await ok(
    sellerA.transfers["create-return"].$post({
      json: { original_transfer_id: completed, pickup_type: "corredor", notes: "DevolucionSecretaA" },
    }),
    201,
  );
  const pendingReturn = ret.return_id;
  const corredor = await userId(DEMO.corredor);
  const now = new Date().toISOString();
  A.returns = {
    pending: pendingReturn,
    acceptedCourier: await cloneTransfer(pendingReturn, { status: "accepted", acceptedAt: now }),
    acceptedVendor: await cloneTransfer(pendingReturn, { status: "accepted", acceptedAt: now, pickupType: "vendedor" }),
    courierAssigned: await cloneTransfer(pendingReturn, { status: "courier_assigned", courierId: corredor }),
    inTransit: await cloneTransfer(pendingReturn, { status: "in_transit", courierId: corredor, pickedUpAt: now }),
    delivered: await cloneTransfer(pendingReturn, { status: "delivered", courierId: corredor, deliveredAt: now }),
  };

  const seller = await userId(DEMO.seller);
  const [note] = await db()
    .insert(notifications)
    .values({
      companyId: A.id,
      userId: seller,
      locationId: A.centro,
      type: "return",
      title: "AvisoSecretoA",
      message: "La bodega recibió la DevolucionSecretaA",
      transferId: pendingReturn,
    })
    .returning({ id: notifications.id });
  A.notification = note?.id ?? 0;

  // a reception that did not add up: one pair of A's completed transfer reported short
  const [held] = await db()
    .insert(stockDiscrepancies)
    .values({
      companyId: A.id,
      transferId: completed,
      productId: A.product,
      locationId: A.centro,
      size: "40",
      unit: "pair",
      kind: "short",
      quantity: 1,
      reportedBy: seller,
      notes: "FaltanteSecretoA",
    })
    .returning({ id: stockDiscrepancies.id });
  A.discrepancy = held?.id ?? 0;

  // an open physical count of Local Centro with one line counted
  const counts = (await routesOf(DEMO.administrador)).inventory.counts;
  const counted = await ok(counts.$post({ json: { location_id: A.centro, notes: "ConteoSecretoA" } }), 201);
  A.count = counted.count.id;
  const line = await ok(
    counts[":id"].lines.$put({
      param: { id: String(A.count) },
      json: { code: A.productRef, size: "40", pairs: 3 },
    }),
  );
  A.countLine = line.line.id;

  // an open till of Local Centro with cash taken out (the demo data's own open till closed first)
  await db().run(
    sql`UPDATE cash_sessions SET status = 'closed', closed_at = ${new Date().toISOString()} WHERE location_id = ${A.centro} AND status = 'open'`,
  );
  const till = await ok(sellerA["cash-sessions"].open.$post({ query: {}, json: { opening_float: 90_000 } }), 201);
  A.till = till.session.id;
  await ok(
    sellerA["cash-sessions"][":id"].movements.$post({
      param: { id: String(A.till) },
      query: {},
      json: { kind: "out", amount: 10_000, reason: "RetiroSecretoA" },
    }),
    201,
  );
}

/** What identifies company A: its ids per table and the strings only its data holds. */
async function collectA() {
  for (const table of ENTITIES) {
    const rows = await db().all<{ id: number }>(sql.raw(`SELECT id FROM "${table}" WHERE company_id = ${A.id}`));
    A_IDS[table] = new Set(rows.map((r) => r.id));
  }
  const [company] = await db().select().from(companies).where(eq(companies.id, A.id));
  const theirUsers = await db().select().from(users).where(eq(users.companyId, A.id));
  const theirPlaces = await db().select().from(locations).where(eq(locations.companyId, A.id));
  // the demo catalogue's codes are every company's (POST /admin/create-test-data seeds it for B too)
  const shared = new Set(demoProducts(1000).map((p) => p.referenceCode));
  const theirRefs = (
    await db().select({ ref: products.referenceCode }).from(products).where(eq(products.companyId, A.id))
  ).map((p) => p.ref);
  A_MARKERS.push(
    company?.name ?? "Calzado Horma Demo",
    company?.legalName ?? "",
    company?.taxId ?? "",
    "demo.horma.co",
    "Bogotá",
    `company/${A.id}/`,
    "SecretoA",
    "SecretaA",
    // A's customer: document and phone
    A.customerDocument,
    "3104445566",
    // A's shopper's phone (web reservation)
    "3105556677",
    ...theirUsers.flatMap((u) => [u.email, u.firstName, u.lastName]),
    ...theirPlaces.flatMap((l) => [l.name, l.address ?? "", l.managerName ?? ""]),
    ...theirRefs.filter((ref) => !shared.has(ref)),
  );
  const unique = [...new Set(A_MARKERS.filter((m) => m.length >= 4))];
  A_MARKERS.length = 0;
  A_MARKERS.push(...unique);
}

// ---------------------------------------------------------------- checking an answer

/**
 * `key=value` of every number in the answer that is one of A's ids of the table the key names. A plain
 * `id` is of the case's entity only in the answer's list items (root[i] or root.list[i]); nested objects
 * (a transfer's locations) have their own keys.
 */
function leakedIds(value: unknown, entity: Entity | undefined, path = "", listItem = false): string[] {
  if (Array.isArray(value)) {
    const top = path.split(".").length <= 2 && !path.includes("[");
    return value.flatMap((v, i) => leakedIds(v, entity, `${path}[${i}]`, top));
  }
  if (!value || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const table = key === "id" ? (listItem ? entity : undefined) : KEY_ENTITY[key];
    const numbers = typeof v === "number" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "number") : [];
    if (table) for (const n of numbers) if (A_IDS[table].has(n)) out.push(`${path}.${key}=${n} (${table} de A)`);
    if (v && typeof v === "object") out.push(...leakedIds(v, entity, `${path}.${key}`));
  }
  return out;
}

function leakedMarkers(text: string, request: string): string[] {
  return A_MARKERS.filter((m) => text.includes(m) && !request.includes(m));
}

/** An answer without what changes by itself from one call to the next (clocks, latencies, request ids). */
function stable(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === "string") return value.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:[\d.]+Z/g, "<instante>");
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        // elapsed times tick while the test runs (a minute can pass between the two reads)
        /(_ms|latency|processing_time|timestamp|time_elapsed|time_elapsed_minutes|time_since_\w+)$/i.test(k)
          ? "<medida>"
          : clean(v),
      ]),
    );
  };
  return JSON.stringify(clean(body));
}

/** Company A sells, spends, moves stock, requests and accepts transfers, adds staff, places and products. */
async function companyAMoves() {
  const webmFile = () => new File([webm()], "otro.webm", { type: "video/webm" });
  await asA(DEMO.seller, {
    method: "POST",
    path: `${P}/sales/create`,
    json: {
      items: [{ sneaker_reference_code: A.productRef, size: "40", quantity: 1, unit_price: 250000 }],
      payment_methods: [{ payment_type: "efectivo", amount: 250000 }],
      total_amount: 250000,
    },
  });
  await asA(DEMO.seller, post(`${P}/expenses/create`, { concept: "Otro gasto", amount: 55_000 }));
  await asA(DEMO.seller, post(`${P}/discounts/request`, { amount: 9000, reason: "Otro descuento" }));
  await asA(
    DEMO.seller,
    post(`${P}/transfers/request`, {
      source_location_id: A.principal,
      sneaker_reference_code: A.productRef,
      size: "40",
    }),
  );
  await asA(DEMO.bodeguero, post(`${P}/warehouse/accept-request`, { transfer_request_id: A.transfers.pending }));
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/costs`, {
      location_id: A.centro,
      cost_type: "servicios",
      description: "Otro costo",
      amount: 80_000,
      frequency: "mensual",
    }),
  );
  await asA(DEMO.administrador, {
    method: "POST",
    path: `${P}/admin/admin/inventory/video-entry-distributed`,
    form: () =>
      form({
        product_brand: "Puma",
        product_model: "Suede",
        unit_price: "320000",
        video_file: webmFile(),
        sizes_distribution_json: JSON.stringify([{ size: "41", pairs: [{ location_id: A.principal, quantity: 9 }] }]),
      }),
  });
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/users`, {
      email: "otro.corredor@demo.horma.co",
      password: "secreto1",
      first_name: "Otro",
      last_name: "Corredor",
      role: "corredor",
    }),
  );
  await asA(
    DEMO.administrador,
    post(`${P}/mayoreo/ventas/registrar`, { mayoreo_id: A.wholesale, cantidad_cajas_vendidas: 1 }),
  );
  await asA(
    DEMO.administrador,
    post(`${P}/admin/admin/inventory-alerts`, { location_id: A.principal, threshold_value: 99 }),
  );
  await asA(DEMO.boss, post(`${P}/boss/boss/locations`, { name: "Local Norte", type: "local" }));
}

beforeAll(async () => {
  await setUpCompanyB();
  await setUpCompanyA();
  await collectA();
  // first logins write last_login_at: every token is taken before the first snapshot
  for (const actor of ACTORS) await tokenOf(actor);
}, 120_000);

describe("tenant isolation over the real route table", () => {
  it("classifies every route: covered by cases or exempt with a reason", () => {
    const table = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    const unclassified = table.filter((key) => !(key in ROUTES));
    expect(unclassified, "routes without a tenant-isolation case or an exemption").toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !table.includes(key));
    expect(stale, "entries for routes the app no longer has").toEqual([]);
    for (const [key, entry] of Object.entries(ROUTES)) {
      if ("exempt" in entry) expect(entry.exempt.length, key).toBeGreaterThan(10);
      else {
        expect(entry.length, key).toBeGreaterThan(0);
        expect(actorsFor(key).length, `${key}: no company-B role may call it; exempt it instead`).toBeGreaterThan(0);
      }
    }
    expect(CASES.length).toBeGreaterThan(90);
  });

  it("set up real objects of company A with the ids the cases use", () => {
    const ids = [
      A.centro,
      A.principal,
      A.secretLocation,
      A.secretUser,
      A.product,
      A.sale,
      A.expense,
      A.discount,
      A.cost,
      A.costPayment,
      A.alert,
      A.wholesale,
      A.notification,
      A.contactMessage,
      A.webReservation,
      ...Object.values(A.transfers),
      ...Object.values(A.returns),
    ];
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    for (const key of Object.values(A.files)) expect(key.startsWith(`company/${A.id}/`)).toBe(true);
    expect(A_IDS.transfer_requests.has(A.returns.delivered)).toBe(true);
    expect(A_MARKERS.length).toBeGreaterThan(30);
  });

  it.each(CASES)("$label", { timeout: 60_000 }, async ({ route, case: c }) => {
    const before = await companySnapshot(A.id);
    const failures: string[] = [];
    const actors = actorsFor(route);
    for (const actor of actors) {
      const req = c.req(actor);
      const res = await send(await tokenOf(actor), req, actor === "superuser" ? B.id : null);
      const text = await res.text();
      const allowed = c.statusFor?.[actor] ?? c.status ?? [404];
      const label = `${actor}: ${req.method ?? "GET"} ${req.path} → ${res.status}`;
      if (!allowed.includes(res.status))
        failures.push(`${label} (se esperaba ${allowed.join("/")}): ${text.slice(0, 300)}`);
      const request = `${req.path} ${JSON.stringify(req.json ?? "")}`;
      const markers = leakedMarkers(text, request);
      if (markers.length) failures.push(`${label} muestra datos de A: ${markers.join(", ")}`);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        if (res.status !== 404) failures.push(`${label}: la respuesta no es JSON`);
      }
      const ids = leakedIds(body, c.entity);
      if (ids.length) failures.push(`${label} muestra ids de A: ${ids.slice(0, 5).join(", ")}`);
    }
    const after = await companySnapshot(A.id);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length) failures.push(`cambió lo de A en: ${changed.join(", ")}`);
    expect(failures).toEqual([]);
  });

  it("company B's lists, dashboards and reports do not move when company A's data does", {
    timeout: 120_000,
  }, async () => {
    const views = CASES.filter(
      ({ case: c }) => c.kind === "scoped" && (c.req("administrador").method ?? "GET") === "GET",
    );
    expect(views.length).toBeGreaterThan(40);
    const read = async () => {
      const out = new Map<string, string>();
      for (const { route, label, case: c } of views) {
        for (const actor of actorsFor(route)) {
          const res = await send(await tokenOf(actor), c.req(actor), actor === "superuser" ? B.id : null);
          out.set(`${actor} ${label}`, `${res.status} ${stable(await res.text())}`);
        }
      }
      return out;
    };
    const before = await read();
    await companyAMoves();
    const after = await read();
    const moved = [...before.keys()].filter((key) => before.get(key) !== after.get(key));
    expect(
      moved.map(
        (key) => `${key}\n  antes:   ${before.get(key)?.slice(0, 400)}\n  después: ${after.get(key)?.slice(0, 400)}`,
      ),
    ).toEqual([]);
  });

  it("company A's own objects still work after every attempt of company B", async () => {
    // the video upload company B tried to write, complete and abort is still open for A
    const token = await login(DEMO.administrador);
    const part = await api(
      `${P}/admin/admin/inventory/video-uploads/parts?key=${encodeURIComponent(A.upload.key)}&upload_id=${encodeURIComponent(A.upload.upload_id)}&part_number=1`,
      { method: "PUT", token, body: webm(), headers: { "Content-Type": "application/octet-stream" } },
    );
    expect(part.status).toBe(200);
    await part.body?.cancel();
    // A's files are still there and served to A
    for (const key of Object.values(A.files)) {
      expect(await env.FILES.head(key), key).not.toBeNull();
      const res = await api(`${P}/files/${key}`, { token });
      expect(res.status, key).toBe(200);
      await res.body?.cancel();
    }
    const [sale] = await db().all<{ status: string; confirmed: number }>(
      sql`SELECT status, confirmed FROM sales WHERE id = ${A.sale}`,
    );
    expect(sale).toEqual({ status: "completed", confirmed: 0 });
    const open = await db()
      .select({ id: transferRequests.id, status: transferRequests.status })
      .from(transferRequests)
      .where(inArray(transferRequests.id, [A.transfers.inTransit, A.returns.delivered]));
    expect(open.map((t) => t.status).sort()).toEqual(["delivered", "in_transit"]);
  });
});
