import { and, eq, gte, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
import { scopeLocation } from "../../auth/scope";
import { transferRequests } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { keeperOrder, keeperTransfers, withStock } from "../../domain/logistics/keeper-queue";
import { loadTransfers, type TransferView } from "../../domain/logistics/transfer-views";
import { bogotaDate, bogotaDayRange } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { booleanLike, numberLike, optionalText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf, perform } from "./hub";
import { keeperActionRoutes } from "./keeper-actions";

const OPEN = OPEN_TRANSFER_STATUSES;

/**
 * The seller's transfers: requested by them or by their store (transfers coming to it, returns leaving
 * it). Requests their store keeps for others are in /incoming-requests instead.
 */
function mine(actor: ReturnType<typeof actorOf>): SQL {
  // a seller without their store is refused (403), never shown more
  const own = scopeLocation(actor);
  const atMyLocation =
    own !== null
      ? or(
          eq(transferRequests.requesterId, actor.id),
          and(eq(transferRequests.requestType, "transfer"), eq(transferRequests.destinationLocationId, own)),
          and(eq(transferRequests.requestType, "return"), eq(transferRequests.sourceLocationId, own)),
        )
      : undefined;
  return and(eq(transferRequests.companyId, actor.companyId), atMyLocation) as SQL;
}

export const ReceptionQuery = v.object({
  received_quantity: v.optional(v.pipe(numberLike("La cantidad recibida no es válida"), v.integer(), v.minValue(0))),
  condition_ok: v.optional(booleanLike("condition_ok debe ser verdadero o falso")),
  // how many of the received units are damaged (all of them when condition_ok=false and this is absent)
  damaged_quantity: v.optional(
    v.pipe(numberLike("La cantidad dañada no es válida"), v.integer("La cantidad dañada no es válida"), v.minValue(0)),
  ),
  notes: optionalText(1000, "notas"),
});
export const CancelBody = v.object({ cancellation_reason: optionalText(300, "motivo") });
export const DeliveryBody = v.object({ delivery_notes: optionalText(1000, "notas") });

// the administrador (no location of their own) sees what every store keeps, not the warehouses' queues
const keptByAStore = sql`EXISTS (SELECT 1 FROM locations l WHERE l.type = 'local' AND l.id = CASE WHEN ${transferRequests.requestType} = 'return' THEN ${transferRequests.destinationLocationId} ELSE ${transferRequests.sourceLocationId} END)`;
const KEPT = ["pending", "accepted", "courier_assigned", "returning_to_origin", "delivered"] as const;

/** /api/v1/vendor — the seller's transfers view (spec 3 §2.5, §7.5). */
export const vendorTransfersRoutes = new Hono<AppEnv>()
  // authenticated and role-checked by vendorRoutes, which mounts this router
  // "Solicitudes para mi local": what other locations asked this store for, and returns coming back to it
  .get(
    "/incoming-requests",
    doc("Lista lo que otras ubicaciones pidieron al local del vendedor y las devoluciones que vuelven a él"),
    async (c) => {
      const actor = actorOf(c);
      const db = companyDb(c);
      const list = await keeperTransfers(
        db,
        actor,
        actor.role === "seller" ? undefined : keptByAStore,
        inArray(transferRequests.status, [...KEPT]),
        // a delivered transfer waits for the other store; a delivered return waits for this one
        or(ne(transferRequests.status, "delivered"), eq(transferRequests.requestType, "return")),
      );
      const pending = keeperOrder(
        await withStock(
          db,
          list.filter((t) => t.status === "pending"),
        ),
      );
      const inProgress = list.filter((t) => t.status !== "pending");
      return c.json({
        pending_requests: pending,
        in_progress: inProgress,
        total: list.length,
        urgent_count: pending.filter((t) => t.priority === "high").length,
      });
    },
  )
  .route("/", keeperActionRoutes)
  .get(
    "/pending-transfers",
    doc("Muestra las transferencias abiertas del vendedor y de su local, con las que esperan su recepción primero"),
    async (c) => {
      const actor = actorOf(c);
      const list = (
        await loadTransfers(companyDb(c), and(mine(actor), inArray(transferRequests.status, [...OPEN])) as SQL)
      ).sort((a, b) => b.progress - a.progress);
      // delivered transfers wait for this seller: they are the urgent ones
      const urgent = list.filter((t) => t.status === "delivered");
      return c.json({
        pending_transfers: list,
        total_pending: list.length,
        urgent_count: urgent.length,
        normal_count: list.length - urgent.length,
        attention_needed: urgent.map((t) => ({ id: t.id, message: `Confirma la recepción de ${t.what_to_deliver}` })),
        summary: {
          total_pending: list.length,
          urgent_count: urgent.length,
          normal_count: list.length - urgent.length,
          by_status: Object.fromEntries(OPEN.map((s) => [s, list.filter((t) => t.status === s).length])),
          returns: list.filter((t) => t.request_type === "return").length,
        },
      });
    },
  )
  .get(
    "/completed-transfers",
    doc("Lista las transferencias del vendedor completadas o canceladas hoy, con sus estadísticas"),
    async (c) => {
      const actor = actorOf(c);
      const day = bogotaDate();
      const { start, end } = bogotaDayRange(day);
      const finishedToday = or(
        and(
          eq(transferRequests.status, "completed"),
          gte(transferRequests.completedAt, start),
          lt(transferRequests.completedAt, end),
        ),
        and(
          eq(transferRequests.status, "cancelled"),
          gte(transferRequests.cancelledAt, start),
          lt(transferRequests.cancelledAt, end),
        ),
      );
      const list: TransferView[] = await loadTransfers(companyDb(c), and(mine(actor), finishedToday) as SQL);
      const completed = list.filter((t) => t.status === "completed");
      const durations = completed.map((t) => t.duration_minutes ?? 0);
      const average =
        durations.length === 0 ? null : Math.round(durations.reduce((a, b) => a + b, 0) / durations.length);
      return c.json({
        completed_transfers: list,
        date: day,
        today_stats: {
          total_transfers: list.length,
          completed: completed.length,
          cancelled: list.length - completed.length,
          success_rate: list.length === 0 ? 0 : Math.round((completed.length / list.length) * 1000) / 10,
          average_duration: average,
        },
      });
    },
  )
  .get(
    "/transfer-details/:id",
    doc("Muestra el detalle de una transferencia del vendedor o de su local", {
      404: "La transferencia no existe o no es del vendedor ni de su local",
    }),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const actor = actorOf(c);
      const [view] = await loadTransfers(companyDb(c), and(mine(actor), eq(transferRequests.id, id)) as SQL, {
        limit: 1,
      });
      if (!view) throw notFound("Transferencia no encontrada");
      return c.json(view);
    },
  )
  .post(
    "/confirm-reception/:id",
    doc("Confirma la recepción de una transferencia entregada y suma las unidades al inventario del local", {
      403: "La transferencia la pidió otro local o el rol no puede confirmarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La transferencia aún no fue entregada o ya se confirmó; cambió mientras se procesaba",
      422: "La cantidad recibida o dañada no cuadra con la enviada",
    }),
    validate("query", ReceptionQuery),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const q = c.req.valid("query");
      const view = await perform(c, id, "confirm_reception", {
        receivedQuantity: q.received_quantity ?? null,
        conditionOk: q.condition_ok ?? !q.damaged_quantity,
        damagedQuantity: q.damaged_quantity ?? null,
        notes: q.notes,
      });
      return c.json({
        success: true,
        message: "Recepción confirmada; el inventario fue actualizado",
        transfer: view,
        received_quantity: view.received_quantity,
      });
    },
  )
  .post(
    "/cancel-transfer/:id",
    doc(
      "Cancela una transferencia pedida por el vendedor o su local: pendiente, o ya aceptada (con motivo, liberando las unidades reservadas) mientras no haya salido del origen",
      {
        403: "La transferencia la pidió otro local o el rol no puede cancelarla",
        404: "La solicitud no existe o es de otra empresa",
        409: "La transferencia ya salió del origen, se completó o ya fue cancelada",
        422: "La transferencia ya fue aceptada y no se indicó el motivo de la cancelación",
      },
    ),
    validate("json", CancelBody),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const view = await perform(c, id, "cancel", { cancellationReason: c.req.valid("json").cancellation_reason });
      return c.json({ success: true, message: "Transferencia cancelada exitosamente", transfer: view });
    },
  )
  .post(
    "/deliver-return-to-warehouse/:id",
    doc("Registra que el vendedor llevó en persona una devolución a la bodega", {
      403: "La devolución es de otro local o el rol no puede entregarla",
      404: "La solicitud no existe o es de otra empresa",
      409: "La devolución no está en un estado que permita entregarla (por ejemplo, aún no fue aceptada o la recoge un corredor)",
    }),
    validate("json", DeliveryBody),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const view = await perform(c, id, "deliver_return_to_warehouse", { notes: c.req.valid("json").delivery_notes });
      return c.json({
        success: true,
        message: "Devolución entregada en bodega; el bodeguero debe confirmar la recepción",
        transfer: view,
      });
    },
  );
