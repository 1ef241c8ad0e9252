// Tenant isolation of the reports routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, CREATED, type Entry, foreign, get, OK, P, post, range, scoped, unique } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/boss/boss/health": { exempt: "static module health: no company data" },
  "POST /api/v1/admin/admin/reports/sales": [
    scoped("reports sales of an A location", () =>
      post(`${P}/admin/admin/reports/sales`, {
        start_date: "2026-01-01",
        end_date: "2026-12-31",
        location_id: A.centro,
      }),
    ),
  ],
  "GET /api/v1/admin/admin/performance/users": [
    scoped("asks for the performance of A users", () =>
      get(`${P}/admin/admin/performance/users?user_ids=${A.secretUser}`),
    ),
  ],
  "GET /api/v1/admin/admin/transfers/overview": [
    scoped("reads its transfers overview", () => get(`${P}/admin/admin/transfers/overview`)),
  ],
  "GET /api/v1/admin/admin/product-assignments": [
    scoped("reads its product assignments", () => get(`${P}/admin/admin/product-assignments`)),
  ],
  "GET /api/v1/admin/admin/dashboard": [scoped("reads its dashboard", () => get(`${P}/admin/admin/dashboard`))],
  "GET /api/v1/admin/admin/dashboard/metrics": [
    scoped("reads its metrics", () => get(`${P}/admin/admin/dashboard/metrics`)),
  ],
  "GET /api/v1/admin/admin/system/overview": [
    scoped("reads its system overview", () => get(`${P}/admin/admin/system/overview`)),
  ],
  "GET /api/v1/admin/admin/newsletter/subscribers": [
    scoped(
      "lists newsletter subscribers",
      () => get(`${P}/admin/admin/newsletter/subscribers`),
      OK,
      "newsletter_subscribers",
    ),
  ],
  "GET /api/v1/admin/admin/returns/pending": [
    scoped("lists pending returns", () => get(`${P}/admin/admin/returns/pending`), OK, "transfer_requests"),
  ],
  "GET /api/v1/admin/admin/reports/reorder": [
    scoped("reads its reorder suggestions", () => get(`${P}/admin/admin/reports/reorder?all=1`)),
    foreign("reads the reorder suggestions of an A store", () =>
      get(`${P}/admin/admin/reports/reorder?location_id=${A.centro}`),
    ),
    foreign("takes the lead time of an A supplier", () =>
      get(`${P}/admin/admin/reports/reorder?supplier_id=${A.supplier}`),
    ),
  ],
  "GET /api/v1/admin/admin/reports/size-curve": [
    scoped("reads its size curve", () => get(`${P}/admin/admin/reports/size-curve`)),
    foreign("reads the size curve of an A product", () =>
      get(`${P}/admin/admin/reports/size-curve?product_id=${A.product}`),
    ),
    foreign("reads the size curve of an A store", () =>
      get(`${P}/admin/admin/reports/size-curve?location_id=${A.centro}`),
    ),
  ],
  "GET /api/v1/admin/admin/reports/product-margin": [
    scoped("reads its margin per product", () =>
      get(`${P}/admin/admin/reports/product-margin?start_date=2026-01-01&end_date=2026-12-31`),
    ),
    foreign("reads the margin per product of an A store", () =>
      get(`${P}/admin/admin/reports/product-margin?start_date=2026-01-01&end_date=2026-12-31&location_id=${A.centro}`),
    ),
  ],
  // seller
  "GET /api/v1/vendor/dashboard": [scoped("reads its dashboard", () => get(`${P}/vendor/dashboard`))],
  // boss
  "POST /api/v1/boss/boss/locations": [
    scoped(
      "creates a location in its own company",
      () => post(`${P}/boss/boss/locations`, { name: `Otra Sede ${unique()}`, type: "local" }),
      CREATED,
    ),
  ].map((c) => ({ ...c, statusFor: { superuser: [409] } })), // the boss takes the plan's last free location
  "GET /api/v1/boss/boss/locations": [
    scoped("lists its locations", () => get(`${P}/boss/boss/locations?include_inactive=true`), OK, "locations"),
  ],
  "GET /api/v1/boss/boss/administradores": [
    scoped("lists its administradores", () => get(`${P}/boss/boss/administradores`), OK, "users"),
  ],
  "POST /api/v1/boss/boss/administradores": [
    foreign("creates an administrador at an A location", () =>
      post(`${P}/boss/boss/administradores`, {
        email: `intruso-admin-${unique()}@otra.horma.co`,
        password: "secreto1",
        first_name: "Intruso",
        last_name: "Otra",
        location_id: A.centro,
      }),
    ),
  ],
  "PUT /api/v1/boss/boss/administradores/:id/password": [
    foreign("sets A's administrador's password", () => ({
      method: "PUT",
      path: `${P}/boss/boss/administradores/${A.admin}/password`,
      json: { password: "robada123" },
    })),
  ],
  "PUT /api/v1/boss/boss/administradores/:id/active": [
    foreign("deactivates A's administrador", () => ({
      method: "PUT",
      path: `${P}/boss/boss/administradores/${A.admin}/active`,
      json: { is_active: false, confirm_last: true },
    })),
  ],
  "POST /api/v1/boss/boss/administradores/:id/unlock": [
    foreign("unlocks A's administrador", () => post(`${P}/boss/boss/administradores/${A.admin}/unlock`)),
  ],
  "GET /api/v1/boss/boss/dashboard": [scoped("reads its dashboard", () => get(`${P}/boss/boss/dashboard`))],
  "POST /api/v1/boss/boss/reports/sales/consolidated": [
    scoped("reads its consolidated sales", () =>
      post(`${P}/boss/boss/reports/sales/consolidated`, { start_date: "2026-01-01", end_date: "2026-12-31" }),
    ),
  ],
  "GET /api/v1/boss/boss/reports/iva": [
    scoped("reads its IVA of a period", () =>
      get(`${P}/boss/boss/reports/iva?start_date=2026-11-01&end_date=2026-11-30`),
    ),
    foreign("reads the IVA of an A store", () =>
      get(`${P}/boss/boss/reports/iva?start_date=2026-11-01&end_date=2026-11-30&location_id=${A.centro}`),
    ),
  ],
  "GET /api/v1/boss/boss/reports/sales/daily": [
    scoped("reads its daily sales", () => get(`${P}/boss/boss/reports/sales/daily`)),
  ],
  "GET /api/v1/boss/boss/reports/sales/monthly": [
    scoped("reads its monthly sales", () => get(`${P}/boss/boss/reports/sales/monthly?year=2026&month=11`)),
  ],
  "GET /api/v1/boss/boss/inventory/consolidated": [
    scoped("reads its consolidated stock", () => get(`${P}/boss/boss/inventory/consolidated`)),
  ],
  "GET /api/v1/boss/boss/financial/analysis": [
    scoped("reads its financial analysis", () => get(`${P}/boss/boss/financial/analysis?${range}`)),
  ],
  "GET /api/v1/boss/boss/financial/monthly": [
    scoped("reads its monthly finances", () => get(`${P}/boss/boss/financial/monthly?year=2026&month=11`)),
  ],
  "GET /api/v1/boss/boss/summary": [scoped("reads its summary", () => get(`${P}/boss/boss/summary`))],

  "GET /api/v1/admin/admin/price-overrides": [
    scoped("lists its price overrides", () => get(`${P}/admin/admin/price-overrides`)),
  ],
};
