// The race cases of the wholesale routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { api } from "../support/helpers";
import { create, type Entry } from "../support/race-cases";
import { admin, companyId, count, P, post, wholesaleBoxes, wholesaleProduct } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/mayoreo/productos/crear": create(
    async (h) =>
      post(
        `${P}/mayoreo/productos/crear`,
        await admin(),
        { modelo: "Bota Carrera", cantidad_cajas_disponibles: 5, pares_por_caja: 12, precio: 1_200_000 },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM wholesale_products WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/mayoreo/ventas/registrar": {
    withoutKey: "each",
    prepare: async () => {
      const id = await wholesaleProduct(100);
      return {
        send: async (h) =>
          post(`${P}/mayoreo/ventas/registrar`, await admin(), { mayoreo_id: id, cantidad_cajas_vendidas: 1 }, h),
        effect: async () => 100 - (await wholesaleBoxes(id)),
      };
    },
  },
  "PUT /api/v1/mayoreo/productos/:id/actualizar": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "DELETE /api/v1/mayoreo/productos/:id/eliminar": {
    withoutKey: "once",
    losers: [404],
    prepare: async () => {
      const id = await wholesaleProduct(3);
      return {
        send: async (h) =>
          api(`${P}/mayoreo/productos/${id}/eliminar`, { method: "DELETE", token: await admin(), headers: h }),
        effect: async () => 1 - (await count(sql`SELECT COUNT(*) AS n FROM wholesale_products WHERE id = ${id}`)),
      };
    },
  },
};
