// The race cases of the purchasing routes that change state, or why a route needs none. The race suite of
// this folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { type Entry, transition } from "../support/race-cases";
import { admin, companyId, count, nextSeq, P, post, principal, productId, REF } from "../support/race-fixtures";

/** Nine digits of their own and DIAN's check digit. */
function nitOf(n: number): string {
  const digits = String(700_000_000 + n);
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41];
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return `${digits}-${r > 1 ? 11 - r : r}`;
}

async function supplier(): Promise<number> {
  const res = await post(`${P}/admin/admin/suppliers`, await admin(), {
    name: "Proveedor de carrera",
    nit: nitOf(nextSeq()),
  });
  if (res.status !== 201) throw new Error(`supplier: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { supplier: { id: number } }).supplier.id;
}

/** An order of one line of one pair, sent unless told. */
async function order(send = true): Promise<{ id: number; line: number }> {
  const res = await post(`${P}/admin/admin/purchase-orders`, await admin(), {
    supplier_id: await supplier(),
    location_id: principal,
    send,
    lines: [{ product_id: await productId(REF), size: "40", quantity: 1, unit_cost: 100_000 }],
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
  const made = (await res.json()) as { order: { id: number; lines: { id: number }[] } };
  return { id: made.order.id, line: made.order.lines[0]?.id ?? 0 };
}

const status = (id: number, state: string) =>
  count(sql`SELECT COUNT(*) AS n FROM purchase_orders WHERE id = ${id} AND status = ${state}`);

export const RACE_ROUTES: Record<string, Entry> = {
  // the same NIT registered at once: the unique index lets one in
  "POST /api/v1/admin/admin/suppliers": {
    withoutKey: "once",
    prepare: async () => {
      const nit = nitOf(nextSeq());
      return {
        send: async (h) => post(`${P}/admin/admin/suppliers`, await admin(), { name: "Carrera", nit }, h),
        effect: () =>
          count(sql`SELECT COUNT(*) AS n FROM suppliers WHERE company_id = ${companyId} AND nit = ${nit.slice(0, 9)}`),
      };
    },
  },
  "PATCH /api/v1/admin/admin/suppliers/:id": {
    exempt: "sets the fields to the values sent: calls racing leave one of them, as they would one after another",
  },
  // each call without a key is an order of its own
  "POST /api/v1/admin/admin/purchase-orders": {
    withoutKey: "each",
    prepare: async () => {
      const supplierId = await supplier();
      const body = {
        supplier_id: supplierId,
        location_id: principal,
        lines: [{ product_id: await productId(REF), size: "41", quantity: 2, unit_cost: 90_000 }],
      };
      return {
        send: async (h) => post(`${P}/admin/admin/purchase-orders`, await admin(), body, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM purchase_orders WHERE supplier_id = ${supplierId}`),
      };
    },
  },
  // one pair ordered: receptions of it at once receive it once (the others 409), the cost moved once
  "POST /api/v1/admin/admin/purchase-orders/:id/receptions": {
    withoutKey: "once",
    prepare: async () => {
      const { id, line } = await order();
      return {
        send: async (h) =>
          post(
            `${P}/admin/admin/purchase-orders/${id}/receptions`,
            await admin(),
            { lines: [{ line_id: line, quantity: 1 }] },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id = ${id}`),
      };
    },
  },
  "POST /api/v1/admin/admin/purchase-orders/:id/send": transition(
    async () => (await order(false)).id,
    async (id, h) => post(`${P}/admin/admin/purchase-orders/${id}/send`, await admin(), {}, h),
    (id) => status(id, "enviada"),
  ),
  "POST /api/v1/admin/admin/purchase-orders/:id/cancel": transition(
    async () => (await order()).id,
    async (id, h) => post(`${P}/admin/admin/purchase-orders/${id}/cancel`, await admin(), {}, h),
    (id) => status(id, "cancelada"),
  ),
  "POST /api/v1/admin/admin/purchase-orders/:id/close": transition(
    async () => {
      const res = await post(`${P}/admin/admin/purchase-orders`, await admin(), {
        supplier_id: await supplier(),
        location_id: principal,
        send: true,
        lines: [{ product_id: await productId(REF), size: "42", quantity: 3, unit_cost: 80_000 }],
      });
      const made = (await res.json()) as { order: { id: number; lines: { id: number }[] } };
      const got = await post(`${P}/admin/admin/purchase-orders/${made.order.id}/receptions`, await admin(), {
        lines: [{ line_id: made.order.lines[0]?.id, quantity: 1 }],
      });
      if (got.status !== 201) throw new Error(`reception: ${got.status}`);
      return made.order.id;
    },
    async (id, h) => post(`${P}/admin/admin/purchase-orders/${id}/close`, await admin(), {}, h),
    (id) => status(id, "cerrada"),
  ),
};
