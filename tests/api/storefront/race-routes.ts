// The race cases of the storefront routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { type Entry, transition } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  count,
  nextSeq,
  P,
  post,
  publishedProduct,
  REF,
  seller,
  seq,
  unique,
  webReservation,
} from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/public/newsletter": { exempt: "one row per address and company (UNIQUE); a repeat is a no-op" },
  // public: the message keeps its own key (no user to scope the general store to); without a key each
  // call is a message, up to five an hour per e-mail (the rest 429, counted in the insert itself)
  "POST /api/v1/public/contact": {
    withoutKey: "each",
    losers: [429],
    prepare: async () => {
      const email = `${unique("contacto")}@correo.co`;
      return {
        send: (h) =>
          post(`${P}/public/contact`, "", { name: "Visitante", email, message: "¿Tienen talla 46 en algún local?" }, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM contact_messages WHERE email = ${email}`),
      };
    },
  },
  // public: the reservation keeps its own key; without a key each call holds one pair more while the
  // store has them, up to 3 reservations an hour per phone (the rest 429; 409 once the pairs are gone)
  "POST /api/v1/public/reservations": {
    withoutKey: "each",
    losers: [429],
    prepare: async () => {
      const size = `W${nextSeq()}`;
      const id = await publishedProduct();
      await addStock(REF, centro, size, 20);
      const phone = `31${String(10_000_000 + seq * 7919).slice(-8)}`;
      return {
        send: (h) =>
          post(
            `${P}/public/reservations`,
            "",
            {
              location_id: centro,
              name: "Compradora",
              phone,
              items: [{ product_id: id, size, quantity: 1 }],
            },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE customer_phone = ${phone}`),
      };
    },
  },
  "POST /api/v1/store-reservations/:id/confirm": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/confirm`, await seller(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'confirmed'`),
  ),
  "POST /api/v1/store-reservations/:id/complete": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/complete`, await seller(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'completed'`),
  ),
  "POST /api/v1/store-reservations/:id/cancel": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/cancel`, await admin(), { reason: "El cliente no vendrá" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "PUT /api/v1/admin/admin/contact-messages/:id/read": {
    exempt: "sets read_at only where it is empty (or clears it): ten identical calls leave the same row as one",
  },
};
