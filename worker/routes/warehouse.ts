import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { createDb } from "../db/client";
import { chunk } from "../db/limits";
import { inventory, products, transferRequests, users } from "../db/schema";
import { toPesos } from "../domain/money";
import { loadTransfers } from "../domain/transfer-views";
import { preparationMinutes } from "../domain/transfers";
import type { AppEnv } from "../env";
import { notFound, unprocessable } from "../lib/errors";
import { booleanLike, numberLike, optionalText, parseId, validate } from "../lib/validation";
import { actorOf, perform } from "./hub";

/** Requests this keeper handles: transfers leaving their warehouse, returns coming to it (all of the company without a location). */
function forKeeper(actor: ReturnType<typeof actorOf>): SQL {
  const here =
    actor.role === "bodeguero" && actor.locationId !== null
      ? or(
          and(eq(transferRequests.requestType, "transfer"), eq(transferRequests.sourceLocationId, actor.locationId)),
          and(eq(transferRequests.requestType, "return"), eq(transferRequests.destinationLocationId, actor.locationId)),
        )
      : undefined;
  return and(eq(transferRequests.companyId, actor.companyId), here) as SQL;
}

const id = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));
const AcceptBody = v.object({
  transfer_request_id: id("Solicitud no encontrada"),
  accepted: v.optional(booleanLike("accepted debe ser verdadero o falso"), true),
  estimated_preparation_time: v.optional(
    v.pipe(numberLike("El tiempo de preparación no es válido"), v.integer(), v.minValue(1), v.maxValue(600)),
  ),
  notes: optionalText(1000, "notas"),
  warehouse_notes: optionalText(1000, "notas"),
});
const ToCourierBody = v.object({
  transfer_request_id: id("Solicitud no encontrada"),
  courier_id: v.optional(v.nullable(id("Corredor no válido"))),
  delivery_notes: optionalText(1000, "notas"),
});
const ToVendorBody = v.object({
  delivered: v.optional(booleanLike("delivered debe ser verdadero o falso"), true),
  delivery_notes: optionalText(1000, "notas"),
});
const ReturnReception = v.object({
  received_quantity: v.optional(v.pipe(numberLike("La cantidad recibida no es válida"), v.integer(), v.minValue(0)), 1),
  product_condition: v.optional(v.picklist(["good", "damaged", "unusable"], "La condición no es válida"), "good"),
  return_to_inventory: v.optional(booleanLike("return_to_inventory debe ser verdadero o falso"), true),
  quality_check_passed: v.optional(booleanLike("quality_check_passed debe ser verdadero o falso")),
  notes: optionalText(1000, "notas"),
});

/** Stock available at the source for each request (pairs or the requested foot, minus reservations). */
async function withStock(db: ReturnType<typeof createDb>, list: Awaited<ReturnType<typeof loadTransfers>>) {
  if (list.length === 0) return [];
  // D1 binds at most 100 values per statement: ask in chunks of 90 ids
  const chunks = chunk(
    list.map((t) => t.id),
    90,
  );
  const parts = await Promise.all(
    chunks.map((ids) =>
      db
        .select({
          productId: inventory.productId,
          locationId: inventory.locationId,
          size: inventory.size,
          pairs: sql<number>`${inventory.pairs} - ${inventory.reservedPairs}`,
          left: sql<number>`${inventory.leftFeet} - ${inventory.reservedLeft}`,
          right: sql<number>`${inventory.rightFeet} - ${inventory.reservedRight}`,
        })
        .from(inventory)
        .innerJoin(
          transferRequests,
          and(
            eq(transferRequests.productId, inventory.productId),
            eq(transferRequests.sourceLocationId, inventory.locationId),
            eq(transferRequests.size, inventory.size),
          ),
        )
        .where(inArray(transferRequests.id, ids)),
    ),
  );
  const rows = parts.flat();
  return list.map((t) => {
    const cell = rows.find(
      (r) => r.locationId === t.source_location_id && r.size === t.size && r.productId === t.product_id,
    );
    const available = !cell
      ? 0
      : t.transfer_type === "single_foot"
        ? t.foot_side === "left"
          ? cell.left
          : cell.right
        : cell.pairs;
    return {
      ...t,
      available_stock: Number(available),
      stock_info: { available_stock: Number(available) },
      product_info: { ...t.product_info, stock_available: Number(available) },
    };
  });
}

/** Value in pesos of the pairs and exhibition units at the keeper's warehouse (the company's without one). */
async function stockValue(db: ReturnType<typeof createDb>, actor: ReturnType<typeof actorOf>): Promise<number> {
  const [value] = await db
    .select({
      total: sql<number>`COALESCE(SUM((${inventory.pairs} + ${inventory.exhibition}) * ${products.unitPrice}), 0)`,
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(
      and(
        eq(inventory.companyId, actor.companyId),
        actor.role === "bodeguero" && actor.locationId !== null
          ? eq(inventory.locationId, actor.locationId)
          : undefined,
      ),
    );
  return toPesos(Number(value?.total ?? 0));
}

/** /api/v1/warehouse — the keeper's queue (spec 3 §2.3, §7.6). */
export const warehouseRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.warehouse))
  .get("/pending-requests", async (c) => {
    const actor = actorOf(c);
    const db = createDb(c.env.DB);
    const list = await withStock(
      db,
      await loadTransfers(db, and(forKeeper(actor), eq(transferRequests.status, "pending")) as SQL),
    );
    return c.json({
      pending_requests: list,
      total: list.length,
      urgent_count: list.filter((t) => t.priority === "high").length,
      total_stock_value: await stockValue(db, actor),
    });
  })
  .get("/accepted-requests", async (c) => {
    const actor = actorOf(c);
    const list = await loadTransfers(
      createDb(c.env.DB),
      and(
        forKeeper(actor),
        inArray(transferRequests.status, ["accepted", "courier_assigned", "in_transit", "delivered"]),
      ) as SQL,
    );
    return c.json({ accepted_requests: list, total: list.length });
  })
  .get("/returns", async (c) => {
    const actor = actorOf(c);
    const list = await loadTransfers(
      createDb(c.env.DB),
      and(
        forKeeper(actor),
        eq(transferRequests.requestType, "return"),
        inArray(transferRequests.status, ["pending", "accepted", "courier_assigned", "in_transit", "delivered"]),
      ) as SQL,
    );
    return c.json({
      returns: list,
      total: list.length,
      awaiting_reception: list.filter((t) => t.status === "delivered").length,
    });
  })
  .get("/stats", async (c) => {
    const actor = actorOf(c);
    const db = createDb(c.env.DB);
    const [list, totalStockValue] = await Promise.all([
      loadTransfers(db, forKeeper(actor), 500),
      stockValue(db, actor),
    ]);
    const finished = list.filter((t) => t.status === "completed" || t.status === "cancelled");
    const accepted = list.filter((t) => t.accepted_at);
    const responseMinutes = accepted.map((t) =>
      Math.max(0, Math.round((Date.parse(t.accepted_at ?? t.requested_at) - Date.parse(t.requested_at)) / 60_000)),
    );
    return c.json({
      totalRequests: list.length,
      urgentRequests: list.filter((t) => t.priority === "high" && t.status === "pending").length,
      averageResponseTime:
        responseMinutes.length === 0
          ? null
          : Math.round(responseMinutes.reduce((a, b) => a + b, 0) / responseMinutes.length),
      completionRate:
        finished.length === 0
          ? 0
          : Math.round((finished.filter((t) => t.status === "completed").length / finished.length) * 1000) / 10,
      deliveredToCouriers: list.filter((t) => t.picked_up_at && t.pickup_type === "corredor").length,
      cancelled: list.filter((t) => t.status === "cancelled").length,
      totalStockValue,
    });
  })
  .post("/accept-request", validate("json", AcceptBody), async (c) => {
    const body = c.req.valid("json");
    if (!body.accepted) throw unprocessable("Para rechazar una solicitud, el vendedor debe cancelarla");
    const [t] = await createDb(c.env.DB)
      .select({ priority: transferRequests.priority, requestType: transferRequests.requestType })
      .from(transferRequests)
      .where(
        and(eq(transferRequests.companyId, actorOf(c).companyId), eq(transferRequests.id, body.transfer_request_id)),
      );
    if (!t) throw notFound("Solicitud no encontrada");
    const minutes =
      body.estimated_preparation_time ??
      preparationMinutes(t.priority, t.requestType === "return" ? "return" : "transfer");
    const view = await perform(c, body.transfer_request_id, "accept", {
      estimatedMinutes: minutes,
      notes: body.warehouse_notes ?? body.notes,
    });
    return c.json({
      success: true,
      message: "Solicitud aceptada; las unidades quedaron reservadas",
      transfer: view,
      estimated_preparation_time: minutes,
    });
  })
  .post("/deliver-to-courier", validate("json", ToCourierBody), async (c) => {
    const body = c.req.valid("json");
    const view = await perform(c, body.transfer_request_id, "deliver_to_courier", { notes: body.delivery_notes });
    return c.json({
      success: true,
      message: "Entregado al corredor; el inventario de bodega fue actualizado",
      transfer: view,
    });
  })
  .post("/deliver-to-vendor/:id", validate("json", ToVendorBody), async (c) => {
    const transferId = parseId(c.req.param("id"));
    const body = c.req.valid("json");
    if (!body.delivered) throw unprocessable("Indica delivered: true para registrar la entrega");
    const view = await perform(c, transferId, "deliver_to_vendor", { notes: body.delivery_notes });
    return c.json({
      success: true,
      message: "Entregado al vendedor; el inventario de bodega fue actualizado",
      transfer: view,
    });
  })
  .post("/confirm-return-reception/:id", validate("json", ReturnReception), async (c) => {
    const transferId = parseId(c.req.param("id"));
    const body = c.req.valid("json");
    const view = await perform(c, transferId, "confirm_return_reception", {
      receivedQuantity: body.received_quantity,
      productCondition: body.product_condition,
      returnToInventory: body.return_to_inventory && body.product_condition !== "unusable",
      conditionOk: body.quality_check_passed ?? body.product_condition === "good",
      notes: body.notes,
    });
    return c.json({
      success: true,
      message: "Devolución recibida",
      received_quantity: view.received_quantity,
      transfer: view,
    });
  })
  .get("/couriers", async (c) => {
    const rows = await createDb(c.env.DB)
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(and(eq(users.companyId, actorOf(c).companyId), eq(users.role, "corredor"), eq(users.isActive, true)));
    return c.json({ couriers: rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}` })) });
  });
