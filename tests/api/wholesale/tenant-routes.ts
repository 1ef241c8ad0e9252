// Tenant isolation of the wholesale routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { form, jpeg } from "../support/helpers";
import { A, CREATED, type Entry, foreign, get, OK, P, post, scoped, unique } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  // wholesale
  "POST /api/v1/mayoreo/productos/crear": [
    scoped(
      "creates its own wholesale product",
      () =>
        post(`${P}/mayoreo/productos/crear`, {
          modelo: `Caja ${unique()}`,
          cantidad_cajas_disponibles: 1,
          pares_por_caja: 12,
          precio: 1000,
        }),
      CREATED,
    ),
  ],
  "GET /api/v1/mayoreo/productos/listar": [
    scoped("lists its wholesale products", () => get(`${P}/mayoreo/productos/listar`), OK, "wholesale_products"),
  ],
  "PUT /api/v1/mayoreo/productos/:id/actualizar": [
    foreign("edits an A wholesale product", () => ({
      method: "PUT",
      path: `${P}/mayoreo/productos/${A.wholesale}/actualizar`,
      json: { precio: 1, is_active: false },
    })),
    foreign("puts a photo on an A wholesale product", () => ({
      method: "PUT",
      path: `${P}/mayoreo/productos/${A.wholesale}/actualizar`,
      form: () => form({ foto: jpeg() }),
    })),
  ],
  "DELETE /api/v1/mayoreo/productos/:id/eliminar": [
    foreign("deletes an A wholesale product", () => ({
      method: "DELETE",
      path: `${P}/mayoreo/productos/${A.wholesale}/eliminar`,
    })),
  ],
  "GET /api/v1/mayoreo/productos/:id/ventas": [
    foreign("reads the sales of an A wholesale product", () => get(`${P}/mayoreo/productos/${A.wholesale}/ventas`)),
  ],
  "POST /api/v1/mayoreo/ventas/registrar": [
    foreign("sells A wholesale boxes", () =>
      post(`${P}/mayoreo/ventas/registrar`, { mayoreo_id: A.wholesale, cantidad_cajas_vendidas: 1 }),
    ),
  ],
  "GET /api/v1/mayoreo/ventas/listar": [
    scoped("lists its wholesale sales", () => get(`${P}/mayoreo/ventas/listar`), OK, "wholesale_sales"),
  ],
  "GET /api/v1/mayoreo/estadisticas": [scoped("reads its wholesale stats", () => get(`${P}/mayoreo/estadisticas`))],
};
