// Tenant isolation of the fiscal routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, B, CREATED, type Entry, foreign, get, P, post, scoped } from "../support/tenant-cases";

const resolution = (locationId: number, prefix: string) => ({
  location_id: locationId,
  resolution_number: "18764000000001",
  resolution_date: "2026-01-02",
  prefix,
  range_from: 1,
  range_to: 10,
  valid_from: "2026-01-02",
  valid_until: "2099-01-01",
  document_text: "Resolución de prueba",
  activate: false,
});

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/admin/admin/numbering-ranges": [
    scoped("lists its own ranges", () => get(`${P}/admin/admin/numbering-ranges`)),
    scoped("filters by an A store", () => get(`${P}/admin/admin/numbering-ranges?location_id=${A.centro}`)),
  ],
  "POST /api/v1/admin/admin/numbering-ranges": [
    foreign("registers a resolution for an A store", () =>
      post(`${P}/admin/admin/numbering-ranges`, resolution(A.centro, "TB")),
    ),
    // A's prefix and numbers are A's: B's own range with them shares nothing (each actor its own numbers)
    scoped(
      "registers its own range with A's prefix and numbers",
      (actor) =>
        post(`${P}/admin/admin/numbering-ranges`, {
          ...resolution(B.store, "SECA"),
          range_from: actor === "superuser" ? 101 : 1,
          range_to: actor === "superuser" ? 200 : 100,
        }),
      CREATED,
    ),
  ],
  "PATCH /api/v1/admin/admin/numbering-ranges/:id": [
    foreign("rewrites an A range's text", () => ({
      method: "PATCH",
      path: `${P}/admin/admin/numbering-ranges/${A.numberingRange}`,
      json: { document_text: "Texto de B" },
    })),
  ],
  "POST /api/v1/admin/admin/numbering-ranges/:id/activate": [
    foreign("activates an A range", () => post(`${P}/admin/admin/numbering-ranges/${A.numberingRange}/activate`)),
  ],
  "POST /api/v1/admin/admin/numbering-ranges/:id/deactivate": [
    foreign("deactivates an A range", () => post(`${P}/admin/admin/numbering-ranges/${A.numberingRange}/deactivate`)),
  ],
  "GET /api/v1/admin/admin/fiscal-settings": [
    scoped("reads its own settings", () => get(`${P}/admin/admin/fiscal-settings`)),
  ],
  "PUT /api/v1/admin/admin/fiscal-settings": [
    scoped("writes its own settings", () => ({
      method: "PUT",
      path: `${P}/admin/admin/fiscal-settings`,
      json: {
        environment: "2",
        software_id: "b-software",
        software_pin: "12345",
        address: "Calle 1",
        city_code: "11001",
        city_name: "Bogotá",
        department_code: "11",
        department_name: "Bogotá",
        provider: "prueba",
      },
    })),
  ],
  "GET /api/v1/admin/admin/reports/iva": [
    scoped("reads its IVA of a period", () =>
      get(`${P}/admin/admin/reports/iva?start_date=2026-11-01&end_date=2026-11-30`),
    ),
    foreign("reads the IVA of an A store", () =>
      get(`${P}/admin/admin/reports/iva?start_date=2026-11-01&end_date=2026-11-30&location_id=${A.centro}`),
    ),
  ],
  "GET /api/v1/admin/admin/electronic-documents": [
    scoped("lists its own documents", () => get(`${P}/admin/admin/electronic-documents`)),
  ],
  "POST /api/v1/admin/admin/electronic-documents/:id/resend": [
    foreign("re-sends an A document", () =>
      post(`${P}/admin/admin/electronic-documents/${A.electronicDocument}/resend`),
    ),
  ],
};
