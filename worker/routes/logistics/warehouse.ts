import { and, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import type { Db } from "../../db/client";
import { inventory, products, transferRequests, users } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { forKeeper, keeperOrder, keeperTransfers, withStock } from "../../domain/logistics/keeper-queue";
import { keeperStats, periodStart, STATS_DAYS } from "../../domain/logistics/stats";
import { wholePesos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { periodQuery } from "../../lib/period";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf } from "./hub";
import { keeperActionRoutes } from "./keeper-actions";

/** The days the keeper's statistics cover (30 unless told). */
export const StatsQuery = v.object(periodQuery(STATS_DAYS, 366));

/** Value in pesos of the pairs and exhibition units at the keeper's warehouse (the administrador: the company's). */
async function stockValue(db: Db, actor: ReturnType<typeof actorOf>): Promise<number> {
  const own = scopeLocation(actor);
  const [value] = await db
    .select({
      total: sql<number>`COALESCE(SUM((${inventory.pairs} + ${inventory.exhibition}) * ${products.unitPrice}), 0)`,
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(inventory.companyId, actor.companyId), own !== null ? eq(inventory.locationId, own) : undefined));
  return wholePesos(Number(value?.total ?? 0));
}

/** /api/v1/warehouse — the keeper's queue (spec 3 §2.3, §7.6). */
export const warehouseRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.warehouse))
  .get(
    "/pending-requests",
    doc(
      "Lista las solicitudes pendientes de la bodega (urgentes primero, luego las más antiguas), con el stock disponible y el valor del inventario",
    ),
    async (c) => {
      const actor = actorOf(c);
      const db = companyDb(c);
      // urgent first, then the oldest first: the request that has waited longest is served first
      const list = keeperOrder(
        await withStock(db, await keeperTransfers(db, actor, eq(transferRequests.status, "pending"))),
      );
      return c.json({
        pending_requests: list,
        total: list.length,
        urgent_count: list.filter((t) => t.priority === "high").length,
        total_stock_value: await stockValue(db, actor),
      });
    },
  )
  .get("/accepted-requests", doc("Lista las solicitudes aceptadas por la bodega que aún no terminan"), async (c) => {
    const list = await keeperTransfers(
      companyDb(c),
      actorOf(c),
      // a transfer the courier is bringing back is still the keeper's concern until it is back
      inArray(transferRequests.status, [
        "accepted",
        "courier_assigned",
        "in_transit",
        "returning_to_origin",
        "delivered",
      ]),
    );
    return c.json({ accepted_requests: list, total: list.length });
  })
  .get("/returns", doc("Lista las devoluciones abiertas que llegan a la bodega"), async (c) => {
    const list = await keeperTransfers(
      companyDb(c),
      actorOf(c),
      eq(transferRequests.requestType, "return"),
      inArray(transferRequests.status, [...OPEN_TRANSFER_STATUSES]),
    );
    return c.json({
      returns: list,
      total: list.length,
      awaiting_reception: list.filter((t) => t.status === "delivered").length,
    });
  })
  .get(
    "/stats",
    doc(
      "Calcula las estadísticas de atención de la bodega sobre las solicitudes de los últimos `days` días (30 si no se indica): tiempos de respuesta, cumplimiento y valor del stock",
    ),
    validate("query", StatsQuery),
    async (c) => {
      const actor = actorOf(c);
      const db = companyDb(c);
      const { days } = c.req.valid("query");
      const since = periodStart(days);
      const [stats, totalStockValue] = await Promise.all([
        keeperStats(db, forKeeper(actor), since),
        stockValue(db, actor),
      ]);
      return c.json({ ...stats, totalStockValue, period_days: days, period_start: since });
    },
  )
  .route("/", keeperActionRoutes)
  .get("/couriers", doc("Devuelve los corredores activos de la empresa, para asignarles entregas"), async (c) => {
    const rows = await companyDb(c)
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(and(eq(users.companyId, actorOf(c).companyId), eq(users.role, "corredor"), eq(users.isActive, true)));
    return c.json({ couriers: rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}` })) });
  });
