// The public storefront: newsletter, contact messages and web reservations.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations, users } from "./accounts";
import { products } from "./catalogue";
import { createdAt, ref } from "./columns";
import { companyRow } from "./platform";

/** E-mails left in the storefront's newsletter box, for the showcase company's administrators. */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    ...companyRow(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_uq").on(t.companyId, t.email)],
);

/**
 * Messages left in the storefront's contact form (issue 32 §6) for the showcase company, optionally
 * addressed to one of its stores; the administrador reads them and marks them read or unread. A message
 * sent with an Idempotency-Key keeps it (with a hash of what was sent), so a retry of the form creates
 * nothing more: the public routes have no user to scope the general key store to.
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    ...companyRow(),
    /** the store the visitor addressed (null: the company in general) */
    locationId: integer("location_id").references(() => locations.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the canonical body sent with the key: the same key with other data is refused */
    fingerprint: text("fingerprint"),
    /** a keyed hash of the sender's IP address, for the per-address rate limit (never the address) */
    senderHash: text("sender_hash"),
    readAt: text("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_company_idx").on(t.companyId, t.createdAt),
    index("contact_messages_email_idx").on(t.companyId, t.email, t.createdAt),
    index("contact_messages_sender_idx").on(t.companyId, t.senderHash, t.createdAt),
    uniqueIndex("contact_messages_key_uq").on(t.companyId, t.idempotencyKey),
    check("contact_messages_message_ck", sql`length(${t.message}) BETWEEN 1 AND 2000`),
  ],
);

export const WEB_RESERVATION_STATUSES = ["pending", "confirmed", "completed", "cancelled", "expired"] as const;

export type WebReservationStatus = (typeof WEB_RESERVATION_STATUSES)[number];

/**
 * A shopper's reservation from the storefront (issue 32 §6): pairs of published products held at one
 * store for a set time through the cells' reserved_pairs (never the stock itself). While pending or
 * confirmed its lines hold their pairs; completed, cancelled or expired released them, once (every
 * transition is a guarded UPDATE from the statuses that hold, in the batch that releases).
 * Public calls have no user: the reservation keeps its Idempotency-Key with a hash of what was sent.
 */
export const webReservations = sqliteTable(
  "web_reservations",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
    /** what the shopper says at the store: "RW-7K3Q9P" */
    code: text("code").notNull(),
    status: text("status", { enum: WEB_RESERVATION_STATUSES }).notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email"),
    /** sum of the lines (centavos) */
    totalAmount: integer("total_amount").notNull(),
    /** the pairs are held until then; the scheduled job expires it after */
    heldUntil: text("held_until").notNull(),
    idempotencyKey: text("idempotency_key"),
    fingerprint: text("fingerprint"),
    /** a keyed hash of the sender's network address (never the address), for the per-address limit */
    senderHash: text("sender_hash"),
    confirmedAt: text("confirmed_at"),
    confirmedBy: integer("confirmed_by").references(() => users.id),
    completedAt: text("completed_at"),
    completedBy: integer("completed_by").references(() => users.id),
    cancelledAt: text("cancelled_at"),
    cancelledBy: integer("cancelled_by").references(() => users.id),
    cancellationReason: text("cancellation_reason"),
    expiredAt: text("expired_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("web_reservations_code_uq").on(t.companyId, t.code),
    uniqueIndex("web_reservations_key_uq").on(t.companyId, t.idempotencyKey),
    index("web_reservations_location_idx").on(t.companyId, t.locationId, t.status, t.createdAt),
    index("web_reservations_held_idx").on(t.status, t.heldUntil),
    index("web_reservations_phone_idx").on(t.companyId, t.customerPhone, t.createdAt),
    index("web_reservations_sender_idx").on(t.companyId, t.senderHash, t.createdAt),
    check("web_reservations_total_ck", sql`${t.totalAmount} >= 0`),
  ],
);

/** One line of a web reservation: a product, a size and how many pairs, at the price it was reserved at. */
export const webReservationItems = sqliteTable(
  "web_reservation_items",
  {
    ...companyRow(),
    reservationId: ref("reservation_id", () => webReservations.id),
    productId: ref("product_id", () => products.id),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    /** centavos, as the catalogue said when reserved */
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [
    index("web_reservation_items_reservation_idx").on(t.reservationId),
    uniqueIndex("web_reservation_items_line_uq").on(t.reservationId, t.productId, t.size),
    check("web_reservation_items_quantity_ck", sql`${t.quantity} > 0 AND ${t.unitPrice} >= 0`),
  ],
);
