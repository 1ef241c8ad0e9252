/**
 * A user of company B ("otra") must never read or change anything of company A ("demo"). Every route of
 * the app's route table is either covered by at least one case in its context's table
 * (tests/api/<context>/tenant-routes.ts) or exempt with its reason; each
 * case runs as every company-B role the route's policy allows (and the superuser acting for company B),
 * with real ids of company A's objects, and checks the status, that the answer names nothing of A, and
 * that nothing of A changed (every row with A's company_id and A's files in R2).
 */
import { accessFor } from "../../../worker/auth/policy";
import type { Role } from "../../../worker/db/schema";
import { DEFAULT_MODEL, modelOf } from "../../../worker/domain/scan/matching";
import app from "../../../worker/index";
import { DEMO } from "./helpers";

// ---------------------------------------------------------------- actors of company B

export const ACTORS = ["administrador", "boss", "bodeguero", "seller", "corredor", "superuser"] as const;
export type Actor = (typeof ACTORS)[number];

export const B_LOGIN: Record<Exclude<Actor, "superuser">, string> = {
  administrador: DEMO.otherAdmin,
  seller: DEMO.otherSeller,
  boss: "boss@otra.horma.co",
  bodeguero: "bodega@otra.horma.co",
  corredor: "corredor@otra.horma.co",
};

// ---------------------------------------------------------------- company A's objects

/** Tables whose ids the answers are searched for. */
export const ENTITIES = [
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
  "numbering_ranges",
  "suppliers",
  "purchase_orders",
  "transfer_orders",
] as const;
export type Entity = (typeof ENTITIES)[number];

/** Which table an answer's `<key>: <number>` refers to (plain `id` depends on the case). */
export const KEY_ENTITY: Record<string, Entity> = {
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
  supplier_id: "suppliers",
};

export type TransferState =
  | "pending"
  | "acceptedCourier"
  | "acceptedVendor"
  | "courierAssigned"
  | "inTransit"
  | "delivered"
  | "completed";

export interface CompanyA {
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
  /** an inactive DIAN numbering resolution of Local Centro */
  numberingRange: number;
  /** a rejected electronic document of A's sale */
  electronicDocument: number;
  /** a supplier of A's and a sent purchase order from it, with one line */
  supplier: number;
  purchaseOrder: number;
  purchaseOrderLine: number;
  /** a pending restock order of A's (Bodega Principal → Local Centro), with one line */
  transferOrder: number;
  transferOrderLine: number;
  upload: { key: string; upload_id: string };
  files: { saleReceipt: string; expenseReceipt: string; productImage: string; productVideo: string; foto: string };
  saleKey: string;
  expenseKey: string;
  transfers: Record<TransferState, number>;
  returns: Record<Exclude<TransferState, "completed">, number>;
}

export interface CompanyB {
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
  /** A supplier of company B's. */
  supplier: number;
}

export const A = {} as CompanyA;
export const B = {} as CompanyB;
/** Every id company A owns, per table. */
export const A_IDS = {} as Record<Entity, Set<number>>;
/** Strings that only company A's data contains (names, addresses, codes, keys). */
export const A_MARKERS: string[] = [];

// ---------------------------------------------------------------- cases

export type Req = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  /** Built per call: a FormData body can be sent once. */
  form?: () => FormData;
  raw?: Uint8Array;
  headers?: Record<string, string>;
};

export type Case = {
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
  /** The answer is a file, not JSON (a CSV download): only its text is searched for A's data. */
  file?: boolean;
};

export type Entry = { exempt: string } | Case[];

export const OK = [200] as const;
export const CREATED = [201] as const;
export const P = "/api/v1";
export const PLATFORM =
  "superuser-only platform route: the superuser is the one cross-tenant role; company users get 403";

/** A case that names one of company A's objects: 404 for every role. */
export const foreign = (what: string, req: Case["req"], extra: Partial<Case> = {}): Case => ({
  kind: "foreign",
  what,
  req,
  ...extra,
});
/** A case that names nothing of A (lists, dashboards, creating in B's own company): it works, and shows nothing of A. */
export const scoped = (what: string, req: Case["req"], status: readonly number[] = OK, entity?: Entity): Case => ({
  kind: "scoped",
  what,
  req,
  status,
  ...(entity ? { entity } : {}),
});
export const get = (path: string): Req => ({ path });
export const post = (path: string, json: unknown = {}): Req => ({ method: "POST", path, json });

/** Seller-area routes act at a location: the administrador and the superuser name one of company B. */
export const atB = (actor: Actor) => (actor === "seller" ? "" : `?location_id=${B.store}`);
export const range = "start_date=2026-01-01&end_date=2026-12-31";
export let seq = 0;
export const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
export const webm = () => {
  const data = new Uint8Array(4096);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return data;
};
export const unitVector = () =>
  Array.from({ length: modelOf(DEFAULT_MODEL).embeddingSize }, (_, i) => (i === 3 ? 1 : 0));
export const files = (key: keyof CompanyA["files"]) =>
  foreign(`reads A's ${key}`, () => get(`${P}/files/${A.files[key]}`));

// ---------------------------------------------------------------- the route table

export const ROUTE_TABLE = [
  ...new Map(
    app.routes
      .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

/** The cases of a table, one per entry's case, labelled with their route. */
export function casesOf(routes: Record<string, Entry>) {
  return Object.entries(routes).flatMap(([route, entry]) =>
    "exempt" in entry ? [] : entry.map((c, i) => ({ route, index: i, label: `${route} — ${c.what}`, case: c })),
  );
}

export function actorsFor(route: string): Actor[] {
  const access = accessFor(route.slice(route.indexOf(" ") + 1), route.slice(0, route.indexOf(" ")));
  if (access === null || access === "public") return [];
  return ACTORS.filter((actor) => access === "authenticated" || access.includes(actor as Role));
}
