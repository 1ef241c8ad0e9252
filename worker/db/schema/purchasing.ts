// Suppliers, purchase orders and their receptions (issue 37, docs/purchasing.md). A reception adds the
// pairs to stock with a ledger row carrying their cost and moves the product's weighted average cost.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations, users } from "./accounts";
import { products } from "./catalogue";
import { bool, createdAt, ref, updatedAt } from "./columns";
import { companyRow } from "./platform";

export const suppliers = sqliteTable(
  "suppliers",
  {
    ...companyRow(),
    name: text("name").notNull(),
    /** the NIT's nine digits; its DIAN check digit apart */
    nit: text("nit").notNull(),
    nitCheckDigit: integer("nit_check_digit").notNull(),
    contactName: text("contact_name"),
    phone: text("phone"),
    email: text("email"),
    /** days from sending an order to having the goods: the reorder suggestion covers them */
    leadTimeDays: integer("lead_time_days").notNull().default(7),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("suppliers_company_nit_uq").on(t.companyId, t.nit),
    check("suppliers_lead_time_ck", sql`${t.leadTimeDays} >= 0 AND ${t.leadTimeDays} <= 365`),
  ],
);

export const PURCHASE_ORDER_STATES = ["borrador", "enviada", "parcial", "recibida", "cerrada", "cancelada"] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];

export const purchaseOrders = sqliteTable(
  "purchase_orders",
  {
    ...companyRow(),
    supplierId: ref("supplier_id", () => suppliers.id),
    /** the warehouse or store the goods arrive at */
    locationId: ref("location_id", () => locations.id),
    status: text("status", { enum: PURCHASE_ORDER_STATES }).notNull().default("borrador"),
    /** written by the order's batch, so its lines find it */
    ref: text("ref").notNull(),
    notes: text("notes"),
    /** the day the supplier is expected to deliver (YYYY-MM-DD), from its lead time unless told */
    expectedOn: text("expected_on"),
    createdBy: ref("created_by", () => users.id),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    closedAt: text("closed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("purchase_orders_ref_uq").on(t.ref),
    index("purchase_orders_company_idx").on(t.companyId, t.status, t.id),
  ],
);

export const purchaseOrderLines = sqliteTable(
  "purchase_order_lines",
  {
    ...companyRow(),
    orderId: ref("order_id", () => purchaseOrders.id),
    productId: ref("product_id", () => products.id),
    size: text("size").notNull(),
    /** pairs ordered */
    quantity: integer("quantity").notNull(),
    /** pairs received so far, over every reception */
    received: integer("received").notNull().default(0),
    /** what a pair costs (centavos) */
    unitCost: integer("unit_cost").notNull(),
  },
  (t) => [
    uniqueIndex("purchase_order_lines_cell_uq").on(t.orderId, t.productId, t.size),
    check(
      "purchase_order_lines_quantity_ck",
      sql`${t.quantity} > 0 AND ${t.received} >= 0 AND ${t.received} <= ${t.quantity} AND ${t.unitCost} >= 0`,
    ),
  ],
);

/** One delivery of an order (an order may arrive in parts); its lines are the ledger rows it wrote. */
export const purchaseReceptions = sqliteTable(
  "purchase_receptions",
  {
    ...companyRow(),
    orderId: ref("order_id", () => purchaseOrders.id),
    /** written by the reception's batch, so its ledger rows and lines find it (entry_ref of the ledger) */
    ref: text("ref").notNull(),
    receivedBy: ref("received_by", () => users.id),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("purchase_receptions_ref_uq").on(t.ref), index("purchase_receptions_order_idx").on(t.orderId)],
);

export const purchaseReceptionLines = sqliteTable(
  "purchase_reception_lines",
  {
    ...companyRow(),
    receptionId: ref("reception_id", () => purchaseReceptions.id),
    orderLineId: ref("order_line_id", () => purchaseOrderLines.id),
    quantity: integer("quantity").notNull(),
    unitCost: integer("unit_cost").notNull(),
  },
  (t) => [
    index("purchase_reception_lines_reception_idx").on(t.receptionId),
    check("purchase_reception_lines_quantity_ck", sql`${t.quantity} > 0`),
  ],
);
