// Tenant isolation of the storefront routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, type Entry, foreign, get, OK, P, post, scoped } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
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
      "public link, no account: the 128-bit token is the receipt's only key; tests/api/storefront/public.test.ts shows a token opens that sale only",
  },
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
};
