// Tenant isolation of the company routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, type Entry, foreign, get, OK, P, post, range, scoped } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/admin/admin/settings": [scoped("reads its own receipt data", () => get(`${P}/admin/admin/settings`))],
  "PUT /api/v1/admin/admin/settings": [
    scoped("sets its own receipt data", () => ({
      method: "PUT",
      path: `${P}/admin/admin/settings`,
      json: { return_policy: "Política de B" },
    })),
  ],
  // alert e-mails (issue 37): a company's own messages and settings, nothing of another's to name
  "GET /api/v1/admin/admin/alert-messages": [
    scoped("lists its own alert messages", () => get(`${P}/admin/admin/alert-messages`)),
  ],
  "GET /api/v1/admin/admin/alert-settings": [
    scoped("reads its own alert settings", () => get(`${P}/admin/admin/alert-settings`)),
  ],
  "PUT /api/v1/admin/admin/alert-settings": [
    scoped("sets its own alert settings", () => ({
      method: "PUT",
      path: `${P}/admin/admin/alert-settings`,
      json: { notification_emails: ["b@empresa-b.co"] },
    })),
  ],
  // locations
  "GET /api/v1/locations": [scoped("lists its locations", () => get(`${P}/locations`), OK, "locations")],
  "GET /api/v1/locations/:id": [foreign("reads an A location", () => get(`${P}/locations/${A.centro}`))],

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
};
