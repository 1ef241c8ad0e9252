// Tenant isolation of the logistics routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, B, type Entry, foreign, get, OK, P, post, scoped } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/transfers/live": {
    exempt:
      "WebSocket to the TransferHub of the token's own company (no id in the request); the same feed is checked through GET /transfers/events",
  },

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

  "GET /api/v1/notifications/returns": [
    scoped("lists its notifications", () => get(`${P}/notifications/returns`), OK, "notifications"),
  ],
  "POST /api/v1/notifications/returns/:id/mark-read": [
    foreign("marks an A notification read", () => post(`${P}/notifications/returns/${A.notification}/mark-read`)),
  ],

  "GET /api/v1/transfer-orders": [
    scoped("lists its restock orders", () => get(`${P}/transfer-orders?state=all`), OK, "transfer_orders"),
  ],
  "POST /api/v1/transfer-orders": [
    foreign(
      "orders pairs from an A warehouse to an A store",
      () =>
        post(`${P}/transfer-orders`, {
          source_location_id: A.principal,
          destination_location_id: A.centro,
          lines: [{ sneaker_reference_code: B.line.ref, size: B.line.size, quantity: 1 }],
        }),
      // a keeper orders only from their own warehouse, a seller only to their own store (403 before any lookup)
      { statusFor: { bodeguero: [403], seller: [403] } },
    ),
  ],
  "GET /api/v1/transfer-orders/:id": [
    foreign("reads an A restock order", () => get(`${P}/transfer-orders/${A.transferOrder}`)),
  ],
  "POST /api/v1/transfer-orders/:id/actions": [
    foreign("accepts an A restock order", () =>
      post(`${P}/transfer-orders/${A.transferOrder}/actions`, { action: "accept" }),
    ),
    foreign("declines an A restock order", () =>
      post(`${P}/transfer-orders/${A.transferOrder}/actions`, { action: "decline", reason: "intruso" }),
    ),
  ],
  "POST /api/v1/transfer-orders/:id/lines/:lineId/pick": [
    foreign("picks a line of an A restock order", () =>
      post(`${P}/transfer-orders/${A.transferOrder}/lines/${A.transferOrderLine}/pick`, { picked: true }),
    ),
  ],
};
