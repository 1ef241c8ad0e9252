import { Hono } from "hono";
import * as v from "valibot";
import { ADJUSTMENT_REASONS, UNIT_KINDS } from "../../shared/constants";
import { requireAuth, requireRole } from "../auth/middleware";
import { seesCosts } from "../auth/roles";
import { scopeLocation } from "../auth/scope";
import { tenantId } from "../auth/tenant";
import { companyDb } from "../db/shards";
import { adjustmentsReport, adjustStock } from "../domain/adjustments";
import type { AppEnv } from "../env";
import { pageQuery } from "../lib/paging";
import { numberLike, optionalText, queryValue, validate } from "../lib/validation";
import { doc } from "../openapi/describe";

const REASON_TEXT =
  "El motivo debe ser conteo_fisico, dano, perdida_robo, encontrado, correccion_ingreso o paso_exhibicion";
const positiveId = (message: string) =>
  v.pipe(numberLike(message), v.integer(message), v.minValue(1, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));
const isoDate = (message: string) => v.optional(v.pipe(queryValue, v.isoDate(message)));

export const AdjustmentBody = v.object({
  product_id: positiveId("Indica el producto"),
  location_id: positiveId("Indica la ubicación"),
  size: v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], "Indica la talla"),
    v.transform((s) => s.trim()),
    v.nonEmpty("Indica la talla"),
    v.maxLength(10, "La talla no es válida"),
  ),
  unit_kind: v.picklist(UNIT_KINDS, "El tipo de unidad debe ser pairs, left, right o exhibition"),
  delta: v.pipe(
    numberLike("El ajuste debe ser un número"),
    v.integer("El ajuste debe ser un número entero"),
    v.check((n) => n !== 0, "El ajuste no puede ser cero"),
    v.minValue(-10_000, "El ajuste es demasiado grande"),
    v.maxValue(10_000, "El ajuste es demasiado grande"),
  ),
  reason: v.picklist(ADJUSTMENT_REASONS, REASON_TEXT),
  notes: optionalText(500, "nota"),
});

export const AdjustmentsQuery = v.object({
  // 100 a page unless told, at most 500; the totals are always of every adjustment that matches
  ...pageQuery(100, 500),
  from: isoDate("La fecha inicial no es válida (AAAA-MM-DD)"),
  to: isoDate("La fecha final no es válida (AAAA-MM-DD)"),
  location_id: v.optional(v.pipe(queryValue, v.regex(/^\d{1,12}$/, "La ubicación no es válida"), v.transform(Number))),
  product_id: v.optional(v.pipe(queryValue, v.regex(/^\d{1,12}$/, "El producto no es válido"), v.transform(Number))),
  reason: v.optional(v.pipe(queryValue, v.picklist(ADJUSTMENT_REASONS, REASON_TEXT))),
});

/**
 * /api/v1/inventory/adjustments — stock corrected by hand with a reason: the administrador anywhere, a
 * keeper in their own warehouse; the boss reads the report.
 */
export const stockAdjustmentsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    doc(
      "Ajusta el stock de un producto, talla, ubicación y tipo de unidad con un motivo (queda en el libro de movimientos)",
      {
        403: "Un bodeguero solo ajusta su propia bodega",
        404: "El producto o la ubicación no existe o es de otra empresa",
        409: "El inventario quedaría negativo o la ubicación está inactiva",
      },
    ),
    requireRole("administrador", "bodeguero", "superuser"),
    validate("json", AdjustmentBody),
    async (c) => {
      const user = c.get("user");
      const adjustment = await adjustStock(
        companyDb(c),
        { id: user.id, companyId: tenantId(c), role: user.role, locationId: user.locationId },
        c.req.valid("json"),
      );
      return c.json({ success: true, message: "Ajuste registrado", adjustment }, 201);
    },
  )
  .get(
    "/",
    doc(
      "Informe de ajustes de inventario con su valor al costo, filtrado por fechas, ubicación, producto o motivo: una página de ajustes y los totales de todos",
    ),
    requireRole("administrador", "boss", "bodeguero", "superuser"),
    validate("query", AdjustmentsQuery),
    async (c) => {
      const user = c.get("user");
      const { limit, offset, ...query } = c.req.valid("query");
      // a keeper sees the adjustments of their own warehouse
      const locationId = scopeLocation(user) ?? query.location_id;
      const withCosts = seesCosts(user.role);
      const filter = { ...query, location_id: locationId };
      const report = await adjustmentsReport(companyDb(c), tenantId(c), filter, withCosts, { limit, offset });
      return c.json({ ...report, costs_visible: withCosts });
    },
  );
