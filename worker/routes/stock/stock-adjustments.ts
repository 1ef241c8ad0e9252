import { Hono } from "hono";
import * as v from "valibot";
import { ADJUSTMENT_REASONS } from "../../../shared/constants";
import { requireAuth, requireRole } from "../../auth/middleware";
import { seesCosts } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { adjustmentsReport, adjustStock } from "../../domain/stock/adjustments";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { queryValue, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";
import { AdjustmentBody, REASON_TEXT } from "./stock-bodies";

const isoDate = (message: string) => v.optional(v.pipe(queryValue, v.isoDate(message)));

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
      // units taken may have crossed an alert rule's minimum (written in the adjustment's batch)
      if (adjustment.delta < 0) drainOutboxesSoon(c, tenantId(c));
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
