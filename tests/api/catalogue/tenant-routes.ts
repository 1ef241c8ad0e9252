// Tenant isolation of the catalogue routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { form, jpeg } from "../support/helpers";
import { A, type Entry, foreign, get, OK, P, post, scoped, unique } from "../support/tenant-cases";

/** A catalogue CSV of one product with that reference and one size. */
const csvNaming = (ref: string) => `referencia;marca;modelo;talla;precio (COP)\n${ref};Marca B;Modelo B;40;150000\n`;

export const TENANT_ROUTES: Record<string, Entry> = {
  // administrador
  "POST /api/v1/admin/create-test-data": [scoped("seeds its own catalogue", () => post(`${P}/admin/create-test-data`))],
  // the catalogue as CSV: company B's own catalogue only (that a file naming A's reference creates B's
  // own product and leaves A's alone: tests/api/catalogue/catalogue-import.test.ts)
  "GET /api/v1/admin/admin/catalogue/export": [
    { ...scoped("exports its own catalogue", () => get(`${P}/admin/admin/catalogue/export`)), file: true },
  ],
  "POST /api/v1/admin/admin/catalogue/import/dry-run": [
    scoped("plans a file of its own products", () =>
      post(`${P}/admin/admin/catalogue/import/dry-run`, { csv: csvNaming(`B-CSV-${unique()}`) }),
    ),
  ],
  "POST /api/v1/admin/admin/catalogue/import/apply": [
    scoped("applies a file of its own products: A's untouched", () =>
      post(`${P}/admin/admin/catalogue/import/apply`, { csv: csvNaming(`B-CSV-${unique()}`) }),
    ),
  ],
  // catalogue
  "GET /api/v1/products": [
    scoped("lists its catalogue", () => get(`${P}/products?page_size=200`), OK, "products"),
    scoped("searches its catalogue for an A reference", () => get(`${P}/products?q=${A.productRef}`), OK, "products"),
  ],
  "GET /api/v1/products/lookup": [
    foreign("looks up an A reference", () => get(`${P}/products/lookup?code=${A.productRef}`)),
  ],
  "GET /api/v1/products/:id": [foreign("reads an A product", () => get(`${P}/products/${A.product}`))],
  "GET /api/v1/products/:id/movements": [
    foreign("reads an A product's ledger", () => get(`${P}/products/${A.product}/movements`)),
  ],
  "PATCH /api/v1/products/:id": [
    foreign("edits an A product's price", () => ({
      method: "PATCH",
      path: `${P}/products/${A.product}`,
      json: { unit_price: 1, is_active: false },
    })),
  ],
  "GET /api/v1/products/:id/variants": [
    foreign("reads an A product's codes", () => get(`${P}/products/${A.product}/variants`)),
  ],
  "PUT /api/v1/products/:id/variants": [
    foreign("sets an A product's barcodes", () => ({
      method: "PUT",
      path: `${P}/products/${A.product}/variants`,
      json: { variants: [{ size: "40", barcode: "4006381333931" }] },
    })),
  ],
  "POST /api/v1/products/labels": [
    foreign("prints labels of an A product (and would give it codes)", () => ({
      method: "POST",
      path: `${P}/products/labels`,
      json: { items: [{ product_id: A.product, size: "40" }] },
    })),
  ],
  "PUT /api/v1/products/:id/photo": [
    foreign("puts a photo on an A product", () => ({
      method: "PUT",
      path: `${P}/products/${A.product}/photo`,
      form: () => form({ image: jpeg() }),
    })),
  ],
};
