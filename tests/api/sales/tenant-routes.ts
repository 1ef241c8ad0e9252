// Tenant isolation of the sales routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, atB, B, CREATED, type Entry, foreign, get, OK, P, post, scoped, unique } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
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
  "GET /api/v1/admin/admin/discount-requests/pending": [
    scoped("lists pending discounts", () => get(`${P}/admin/admin/discount-requests/pending`), OK, "discount_requests"),
  ],
  "POST /api/v1/admin/admin/discount-requests/approve": [
    foreign("approves an A discount", () =>
      post(`${P}/admin/admin/discount-requests/approve`, { discount_request_id: A.discount, approved: true }),
    ),
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
  "POST /api/v1/discounts/request": [
    scoped("asks for a discount", () => post(`${P}/discounts/request`, { amount: 1000, reason: "Cliente" }), CREATED),
  ],
  "GET /api/v1/discounts/my-requests": [
    scoped("lists its discounts", () => get(`${P}/discounts/my-requests`), OK, "discount_requests"),
  ],
};
