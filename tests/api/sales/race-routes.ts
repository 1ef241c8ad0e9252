// The race cases of the sales routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { create, type Entry, N, transition } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  companyId,
  count,
  discountRequest,
  nextSeq,
  P,
  PRICE,
  post,
  REF,
  returnBody,
  SIZE,
  sale,
  saleBody,
  seller,
  soldLine,
  transferAt,
} from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  // one customer per document and company: the UNIQUE index lets one of ten identical registrations in
  "POST /api/v1/customers": {
    withoutKey: "once",
    prepare: async () => {
      const document = String(1_000_000_000 + (Date.now() % 900_000_000) + nextSeq());
      const json = { name: "Cliente Carrera", document_type: "CC", document_number: document, data_consent: true };
      return {
        send: async (h) => post(`${P}/customers`, await seller(), json, h),
        effect: () =>
          count(
            sql`SELECT COUNT(*) AS n FROM customers WHERE company_id = ${companyId} AND document_type = 'CC' AND document_number = ${document}`,
          ),
      };
    },
  },
  "PATCH /api/v1/customers/:id": {
    exempt:
      "sets the fields it is given: ten identical edits leave the same row as one; two customers racing for one document: the UNIQUE index, tests/api/sales/customers.test.ts",
  },
  "POST /api/v1/sales/price-overrides": create(
    async (h) =>
      post(
        `${P}/sales/price-overrides`,
        await seller(),
        { sneaker_reference_code: REF, new_price: PRICE - 1000, reason: "Carrera", admin_pin: "2468" },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM price_overrides WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/sales/create": {
    withoutKey: "each",
    prepare: async () => {
      await addStock(REF, centro, SIZE, N);
      return {
        send: async (h) => post(`${P}/sales/create`, await seller(), saleBody(), h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM sales WHERE company_id = ${companyId}`),
      };
    },
  },
  // the one pair of a sale comes back once: every other return of it finds nothing left (409)
  "POST /api/v1/sale-returns": {
    withoutKey: "once",
    prepare: async () => {
      const line = await soldLine();
      return {
        send: async (h) => post(`${P}/sale-returns`, await seller(), returnBody(line), h),
        effect: () =>
          count(sql`SELECT COALESCE(SUM(quantity), 0) AS n FROM sale_return_items WHERE sale_item_id = ${line.item}`),
      };
    },
  },
  "POST /api/v1/sales/create-from-transfer": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(
        `${P}/sales/create-from-transfer`,
        await seller(),
        { transfer_id: id, total_amount: PRICE, payment_methods: [{ payment_type: "efectivo", amount: PRICE }] },
        h,
      ),
    (id) => count(sql`SELECT COUNT(*) AS n FROM sales WHERE transfer_id = ${id}`),
  ),
  "POST /api/v1/sales/confirm": transition(
    () => sale({ requires_confirmation: true }),
    async (id, h) => post(`${P}/sales/confirm`, await seller(), { sale_id: id, confirmed: true }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM sales WHERE id = ${id} AND confirmed = 1`),
  ),
  "POST /api/v1/discounts/request": create(
    async (h) => post(`${P}/discounts/request`, await seller(), { amount: 5000, reason: "Cliente fiel" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/admin/admin/discount-requests/approve": transition(
    () => discountRequest(),
    async (id, h) =>
      post(`${P}/admin/admin/discount-requests/approve`, await admin(), { discount_request_id: id, approved: true }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE id = ${id} AND status = 'approved'`),
  ),
};
