// Tenant isolation of the purchasing routes: each route's cases (a company-B user aims at company A's
// objects), or why it needs none. The tenant-isolation suite of this folder runs them;
// tests/api/route-coverage.test.ts checks that the contexts' tables together classify every route of the app.
import { A, B, CREATED, type Entry, foreign, get, P, post, scoped, unique } from "../support/tenant-cases";

/** Nine digits of B's own per call, with DIAN's check digit. */
function nitOfB(): string {
  const digits = String(600_000_000 + (Number.parseInt(unique(), 36) % 99_999_999));
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41];
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return `${digits}-${r > 1 ? 11 - r : r}`;
}

const orderOf = (supplierId: number, locationId: number, productId: number) => ({
  supplier_id: supplierId,
  location_id: locationId,
  lines: [{ product_id: productId, size: "40", quantity: 1, unit_cost: 1000 }],
});

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/admin/admin/suppliers": [
    scoped("lists its own suppliers", () => get(`${P}/admin/admin/suppliers?include_inactive=1`)),
  ],
  "POST /api/v1/admin/admin/suppliers": [
    // A's supplier's NIT is A's: B registering the same supplier shares nothing
    scoped(
      "registers its own supplier",
      () => post(`${P}/admin/admin/suppliers`, { name: "Proveedor de B", nit: nitOfB() }),
      CREATED,
    ),
  ],
  "GET /api/v1/admin/admin/suppliers/:id": [
    foreign("reads an A supplier", () => get(`${P}/admin/admin/suppliers/${A.supplier}`)),
  ],
  "PATCH /api/v1/admin/admin/suppliers/:id": [
    foreign("renames an A supplier", () => ({
      method: "PATCH",
      path: `${P}/admin/admin/suppliers/${A.supplier}`,
      json: { name: "Proveedor de B" },
    })),
  ],
  "GET /api/v1/admin/admin/purchase-orders": [
    scoped("lists its own orders", () => get(`${P}/admin/admin/purchase-orders`)),
  ],
  "POST /api/v1/admin/admin/purchase-orders": [
    foreign("orders from an A supplier", () =>
      post(`${P}/admin/admin/purchase-orders`, orderOf(A.supplier, B.warehouse, A.product)),
    ),
    foreign("orders into an A warehouse", () =>
      post(`${P}/admin/admin/purchase-orders`, orderOf(B.supplier, A.principal, A.product)),
    ),
    foreign("orders an A product", () =>
      post(`${P}/admin/admin/purchase-orders`, orderOf(B.supplier, B.warehouse, A.product)),
    ),
  ],
  "GET /api/v1/admin/admin/purchase-orders/:id": [
    foreign("reads an A order", () => get(`${P}/admin/admin/purchase-orders/${A.purchaseOrder}`)),
  ],
  "POST /api/v1/admin/admin/purchase-orders/:id/receptions": [
    foreign("receives an A order", () =>
      post(`${P}/admin/admin/purchase-orders/${A.purchaseOrder}/receptions`, {
        lines: [{ line_id: A.purchaseOrderLine, quantity: 1 }],
      }),
    ),
  ],
  "POST /api/v1/admin/admin/purchase-orders/:id/send": [
    foreign("sends an A order", () => post(`${P}/admin/admin/purchase-orders/${A.purchaseOrder}/send`)),
  ],
  "POST /api/v1/admin/admin/purchase-orders/:id/cancel": [
    foreign("cancels an A order", () => post(`${P}/admin/admin/purchase-orders/${A.purchaseOrder}/cancel`)),
  ],
  "POST /api/v1/admin/admin/purchase-orders/:id/close": [
    foreign("closes an A order", () => post(`${P}/admin/admin/purchase-orders/${A.purchaseOrder}/close`)),
  ],
};
