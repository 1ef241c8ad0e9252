// Sales with their lines and payments, discounts, customers, returns, and the daily rollups reports read.
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  DEFAULT_TAX_CLASS,
  DOCUMENT_TYPES,
  PAYMENT_TYPES,
  RETURN_REASONS,
  SALE_PAYMENT_TYPES,
  TAX_CLASSES,
} from "../../../shared/constants";
import { locations, users } from "./accounts";
import { products } from "./catalogue";
import { bool, createdAt, newReceiptToken, nowIso, ref, updatedAt } from "./columns";
import { numberingRanges } from "./fiscal";
import { companyRow } from "./platform";

export const discountRequests = sqliteTable(
  "discount_requests",
  {
    ...companyRow(),
    sellerId: ref("seller_id", () => users.id),
    locationId: integer("location_id").references(() => locations.id),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    adminId: integer("admin_id"),
    adminNotes: text("admin_notes"),
    reviewedAt: text("reviewed_at"),
    usedInSaleId: integer("used_in_sale_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_requests_company_status_idx").on(t.companyId, t.status),
    check("discount_amount_ck", sql`${t.amount} > 0`),
  ],
);

/**
 * A store's customer (optional on a sale). Stored only with their data-processing consent (Ley 1581 de
 * 2012); the document is kept normalised (digits for CC and NIT, upper-case alphanumerics for CE and
 * pasaporte) with the NIT's check digit apart, ready for electronic invoicing. One customer per document
 * and company: the UNIQUE index decides two registrations racing for it.
 */
export const customers = sqliteTable(
  "customers",
  {
    ...companyRow(),
    name: text("name").notNull(),
    /** the name lower-cased without accents, for search */
    nameKey: text("name_key").notNull(),
    documentType: text("document_type", { enum: DOCUMENT_TYPES }).notNull(),
    documentNumber: text("document_number").notNull(),
    nitCheckDigit: integer("nit_check_digit"),
    /** digits only, without +57 */
    phone: text("phone"),
    email: text("email"),
    dataConsent: bool("data_consent").notNull(),
    consentAt: text("consent_at"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_document_uq").on(t.companyId, t.documentType, t.documentNumber),
    index("customers_company_phone_idx").on(t.companyId, t.phone),
    index("customers_company_name_idx").on(t.companyId, t.nameKey),
    check("customers_consent_ck", sql`${t.dataConsent} = 1`),
    check("customers_nit_dv_ck", sql`(${t.documentType} = 'NIT') = (${t.nitCheckDigit} IS NOT NULL)`),
  ],
);

export const sales = sqliteTable(
  "sales",
  {
    ...companyRow(),
    sellerId: ref("seller_id", () => users.id),
    locationId: ref("location_id", () => locations.id),
    subtotalAmount: integer("subtotal_amount").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    discountRequestId: integer("discount_request_id"),
    totalAmount: integer("total_amount").notNull(),
    receiptImageKey: text("receipt_image_key"),
    saleDate: text("sale_date").notNull().default(nowIso),
    status: text("status", { enum: ["completed", "rejected"] })
      .notNull()
      .default("completed"),
    notes: text("notes"),
    requiresConfirmation: bool("requires_confirmation").notNull().default(false),
    confirmed: bool("confirmed").notNull().default(false),
    confirmedAt: text("confirmed_at"),
    confirmedBy: integer("confirmed_by"),
    confirmationNotes: text("confirmation_notes"),
    transferId: integer("transfer_id"),
    idempotencyKey: text("idempotency_key"),
    /** opens the sale's public receipt (/recibo/<token>) without signing in: 128 random bits, hex */
    receiptToken: text("receipt_token").$defaultFn(() => newReceiptToken()),
    /** the customer the sale was made to (optional) */
    customerId: integer("customer_id").references(() => customers.id),
    /** its DIAN number (domain/fiscal/numbering.ts): the range, its prefix and the consecutive; all NULL
     * for a non-fiscal document */
    numberingRangeId: integer("numbering_range_id").references(() => numberingRanges.id),
    fiscalPrefix: text("fiscal_prefix"),
    fiscalNumber: integer("fiscal_number"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_company_date_idx").on(t.companyId, t.saleDate),
    uniqueIndex("sales_receipt_token_uq").on(t.receiptToken),
    // covering indexes for the report aggregates (sum/count by date range, location, seller)
    index("sales_report_idx").on(t.companyId, t.status, t.saleDate, t.totalAmount, t.locationId, t.sellerId),
    index("sales_location_report_idx").on(t.locationId, t.status, t.saleDate, t.totalAmount),
    index("sales_seller_date_idx").on(t.sellerId, t.saleDate),
    uniqueIndex("sales_idempotency_uq").on(t.companyId, t.idempotencyKey),
    // a transfer of several pairs is sold in as many sales as the seller needs (issue 31 §8); what is left
    // of it is checked where each sale is written (domain/sales/from-transfer.ts)
    index("sales_transfer_idx").on(t.transferId),
    // an approved discount is used by one sale only
    uniqueIndex("sales_discount_request_uq").on(t.discountRequestId),
    index("sales_customer_idx").on(t.customerId, t.saleDate),
    // a number is issued once (ranges of one prefix never overlap; this holds it in the data too)
    uniqueIndex("sales_fiscal_number_uq").on(t.companyId, t.fiscalPrefix, t.fiscalNumber),
    check("sales_amounts_ck", sql`${t.totalAmount} >= 0 AND ${t.discountAmount} >= 0`),
  ],
);

export const saleItems = sqliteTable(
  "sale_items",
  {
    ...companyRow(),
    saleId: ref("sale_id", () => sales.id),
    productId: integer("product_id").references(() => products.id),
    sneakerReferenceCode: text("sneaker_reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    color: text("color"),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    subtotal: integer("subtotal").notNull(),
    /** the catalogue price when sold (differs from unit_price only under a price override) */
    cataloguePrice: integer("catalogue_price"),
    /** the product's cost price when sold, for the gross margin; null when it had none */
    unitCost: integer("unit_cost"),
    priceOverrideId: integer("price_override_id"),
    /** the line after its share of the sale's discount (centavos, whole pesos; domain/fiscal/tax.ts) */
    netAmount: integer("net_amount").notNull().default(0),
    /** its IVA, fixed when sold: class, rate (basis points), base and IVA (centavos; base + IVA = net) */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default(DEFAULT_TAX_CLASS),
    taxRate: integer("tax_rate").notNull().default(0),
    taxBase: integer("tax_base").notNull().default(0),
    taxAmount: integer("tax_amount").notNull().default(0),
    /** units of the line customers brought back (never more than sold: guarded by the return's batch) */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    index("sale_items_sale_idx").on(t.saleId),
    index("sale_items_report_idx").on(t.saleId, t.sneakerReferenceCode, t.quantity, t.subtotal),
    check("sale_items_qty_ck", sql`${t.quantity} >= 1 AND ${t.unitPrice} >= 0`),
    check("sale_items_returned_ck", sql`${t.returnedQuantity} >= 0 AND ${t.returnedQuantity} <= ${t.quantity}`),
  ],
);

export const salePayments = sqliteTable(
  "sale_payments",
  {
    ...companyRow(),
    saleId: ref("sale_id", () => sales.id),
    paymentType: text("payment_type", { enum: SALE_PAYMENT_TYPES }).notNull(),
    amount: integer("amount").notNull(),
    reference: text("reference"),
    /** cash the customer handed over for an efectivo payment (≥ amount); the change is the difference */
    cashReceived: integer("cash_received"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_payments_sale_idx").on(t.saleId),
    index("sale_payments_report_idx").on(t.saleId, t.paymentType, t.amount),
    check("sale_payments_amount_ck", sql`${t.amount} >= 0`),
  ],
);

/**
 * A customer bringing back units of a sale (a return), or bringing them back for others (an exchange:
 * `exchange_sale_id` is the sale made with the credit). Money: `refund_amount` went back to the customer
 * by `refund_method`; `credit_amount` paid the exchange sale (payment type nota_credito).
 */
export const saleReturns = sqliteTable(
  "sale_returns",
  {
    ...companyRow(),
    saleId: ref("sale_id", () => sales.id),
    /** the sale's store: the units go back there */
    locationId: ref("location_id", () => locations.id),
    /** the sale's seller, whose figures the return nets */
    sellerId: ref("seller_id", () => users.id),
    /** who took the units back */
    userId: ref("user_id", () => users.id),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    notes: text("notes"),
    refundAmount: integer("refund_amount").notNull().default(0),
    refundMethod: text("refund_method", { enum: PAYMENT_TYPES }),
    creditAmount: integer("credit_amount").notNull().default(0),
    exchangeSaleId: integer("exchange_sale_id").references(() => sales.id),
    /** the administrador whose PIN allowed a return after the company's window */
    approvedBy: integer("approved_by").references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    receiptToken: text("receipt_token")
      .notNull()
      .$defaultFn(() => newReceiptToken()),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_returns_sale_idx").on(t.saleId),
    index("sale_returns_company_date_idx").on(t.companyId, t.createdAt),
    index("sale_returns_location_date_idx").on(t.locationId, t.createdAt),
    uniqueIndex("sale_returns_idempotency_uq").on(t.companyId, t.idempotencyKey),
    uniqueIndex("sale_returns_receipt_token_uq").on(t.receiptToken),
    check(
      "sale_returns_money_ck",
      sql`${t.refundAmount} >= 0 AND ${t.creditAmount} >= 0 AND (${t.refundAmount} = 0 OR ${t.refundMethod} IS NOT NULL)`,
    ),
  ],
);

export const saleReturnItems = sqliteTable(
  "sale_return_items",
  {
    ...companyRow(),
    returnId: ref("return_id", () => saleReturns.id),
    saleItemId: ref("sale_item_id", () => saleItems.id),
    quantity: integer("quantity").notNull(),
    /** what these units were worth: their share of the line after the sale's discount (centavos) */
    amount: integer("amount").notNull(),
    /** sellable: back to the store's pairs; damaged: to the cell's damaged bucket */
    destination: text("destination", { enum: ["sellable", "damaged"] }).notNull(),
    /** the IVA these units carry back, and its base (centavos; base + IVA = amount) */
    taxBase: integer("tax_base").notNull().default(0),
    taxAmount: integer("tax_amount").notNull().default(0),
  },
  (t) => [
    index("sale_return_items_return_idx").on(t.returnId),
    index("sale_return_items_item_idx").on(t.saleItemId),
    check("sale_return_items_qty_ck", sql`${t.quantity} >= 1 AND ${t.amount} >= 0`),
  ],
);

// Written in the same batch as every sale, rejection and sale from transfer, so reports over
// tens of thousands of sales read a few hundred rows. Days are Bogotá calendar days.

/** The columns every daily rollup starts with: the company, the day and the location. */
const dayAtLocation = () => ({
  companyId: integer("company_id").notNull(),
  day: text("day").notNull(),
  locationId: integer("location_id").notNull(),
});

export const salesDaily = sqliteTable(
  "sales_daily",
  {
    ...dayAtLocation(),
    sellerId: integer("seller_id").notNull(),
    salesCount: integer("sales_count").notNull().default(0),
    /** net of returns: the day's sales minus what was refunded that day for this seller's sales */
    totalAmount: integer("total_amount").notNull().default(0),
    returnsCount: integer("returns_count").notNull().default(0),
    returnedAmount: integer("returned_amount").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_uq").on(t.companyId, t.day, t.locationId, t.sellerId)],
);

export const salesDailyProducts = sqliteTable(
  "sales_daily_products",
  {
    ...dayAtLocation(),
    referenceCode: text("reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    units: integer("units").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_products_uq").on(t.companyId, t.day, t.locationId, t.referenceCode)],
);

export const salesDailyPayments = sqliteTable(
  "sales_daily_payments",
  {
    ...dayAtLocation(),
    paymentType: text("payment_type").notNull(),
    paymentsCount: integer("payments_count").notNull().default(0),
    amount: integer("amount").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_payments_uq").on(t.companyId, t.day, t.locationId, t.paymentType)],
);

/**
 * The goods sold per day and location (centavos), net of returns at the cost recorded on each line: what
 * the gross margin reads, so no report sums sale lines. Revenues are a line's share of its sale after the
 * discount, fractional until a report rounds its sum (as summing the lines did).
 */
export const salesDailyGoods = sqliteTable(
  "sales_daily_goods",
  {
    ...dayAtLocation(),
    cogs: integer("cogs").notNull().default(0),
    costedRevenue: real("costed_revenue").notNull().default(0),
    uncostedRevenue: real("uncosted_revenue").notNull().default(0),
    uncostedUnits: integer("uncosted_units").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_goods_uq").on(t.companyId, t.day, t.locationId)],
);

/**
 * Net units sold per day, location, product and size, with their money (centavos): what the purchasing
 * reports read (domain/reports/reorder.ts), so none sums sale lines. A line counts on its sale's day
 * while the sale is completed, net of the units brought back (whenever they came back); money is the
 * line's kept share (real until a report rounds its sum), cost at the line's recorded unit cost.
 */
export const salesDailySizes = sqliteTable(
  "sales_daily_sizes",
  {
    ...dayAtLocation(),
    productId: integer("product_id").notNull(),
    size: text("size").notNull(),
    units: integer("units").notNull().default(0),
    netAmount: real("net_amount").notNull().default(0),
    taxBase: real("tax_base").notNull().default(0),
    /** the tax base of the units with a cost, what the margin is on */
    costedBase: real("costed_base").notNull().default(0),
    cost: integer("cost").notNull().default(0),
    uncostedUnits: integer("uncosted_units").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_sizes_uq").on(t.companyId, t.day, t.locationId, t.productId, t.size)],
);
