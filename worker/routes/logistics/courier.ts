import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { DELIVERY_FAILURE_LABELS, DELIVERY_FAILURE_REASONS } from "../../../shared/constants";
import { FAILURE_NOTE_REQUIRED, FAILURE_REASON_REQUIRED } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { transferRequests } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { courierDeliveryCount, courierEarnings, periodStart, STATS_DAYS } from "../../domain/logistics/stats";
import { loadTransfer, loadTransfers } from "../../domain/logistics/transfer-views";
import { courierEtaMinutes } from "../../domain/logistics/transfers/describe";
import type { AppEnv } from "../../env";
import { conflict, invalid, notFound } from "../../lib/errors";
import { pageInfo, pageQuery } from "../../lib/paging";
import { periodQuery } from "../../lib/period";
import { booleanLike, numberLike, optionalText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf, perform } from "./hub";

export const AcceptBody = v.object({
  estimated_pickup_time: v.optional(
    v.pipe(numberLike("El tiempo estimado no es válido"), v.integer(), v.minValue(1), v.maxValue(600)),
  ),
  notes: optionalText(1000, "notas"),
});
/** A page of the delivery history (50 unless told) and the days the earnings cover (30 unless told). */
export const DeliveriesQuery = v.object({ ...pageQuery(50, 200), ...periodQuery(STATS_DAYS, 366) });
export const PickupBody = v.object({ pickup_notes: optionalText(1000, "notas") });
export const DeliveryQuery = v.object({
  delivery_successful: v.optional(booleanLike("delivery_successful debe ser verdadero o falso"), true),
  notes: optionalText(1000, "notas"),
  /** why it failed, with delivery_successful=false (absent: «otro») */
  failure_reason: v.optional(v.picklist(DELIVERY_FAILURE_REASONS, FAILURE_REASON_REQUIRED)),
});
/** A failed delivery attempt: the reason from the fixed list, and a note («Otro» requires it). */
export const FailedDeliveryBody = v.object({
  reason: v.picklist(DELIVERY_FAILURE_REASONS, FAILURE_REASON_REQUIRED),
  notes: optionalText(500, "notas"),
});
export const OriginReturnBody = v.object({ notes: optionalText(500, "notas") });
export const AvailableQuery = v.object({
  purpose: v.optional(v.picklist(["all", "cliente", "restock", "pair_formation", "return"], "Filtro no válido"), "all"),
});

async function expectKind(c: Parameters<typeof actorOf>[0], id: number, kind: "transfer" | "return") {
  const view = await loadTransfer(companyDb(c), actorOf(c).companyId, id);
  if (!view || view.request_type !== kind)
    throw notFound(kind === "return" ? "Devolución no encontrada" : "Solicitud no encontrada");
  return view;
}

function transport(kind: "transfer" | "return") {
  const accept = async (c: Parameters<typeof actorOf>[0], id: number, body: v.InferOutput<typeof AcceptBody>) => {
    const view = await expectKind(c, id, kind);
    const eta = body.estimated_pickup_time ?? courierEtaMinutes(view.purpose);
    const after = await perform(c, id, "courier_accept", { estimatedMinutes: eta, notes: body.notes });
    return { success: true, message: "Entrega Aceptada", transport: after, estimated_pickup_time: eta };
  };
  const pickup = async (c: Parameters<typeof actorOf>[0], id: number, notes: string | null) => {
    await expectKind(c, id, kind);
    const after = await perform(c, id, "confirm_pickup", { notes });
    return { success: true, message: "Recolección Confirmada", transport: after };
  };
  const deliver = async (c: Parameters<typeof actorOf>[0], id: number, q: v.InferOutput<typeof DeliveryQuery>) => {
    await expectKind(c, id, kind);
    if (!q.delivery_successful) {
      // the courier keeps the units; nothing moves, the attempt is recorded (only while in transit)
      const after = await perform(c, id, "report_failed_delivery", {
        failureReason: q.failure_reason ?? "otro",
        notes: q.notes ?? (q.failure_reason && q.failure_reason !== "otro" ? null : "Entrega no exitosa"),
      });
      return {
        success: true,
        message: "Intento de entrega registrado; el producto sigue en tránsito",
        transport: after,
      };
    }
    const after = await perform(c, id, "confirm_delivery", { notes: q.notes });
    return { success: true, message: "Entrega Completada", transport: after };
  };
  return { accept, pickup, deliver };
}

const transfers = transport("transfer");
const returns = transport("return");

/** The transport, whichever its kind (404 for another company's), for the actions both kinds share. */
async function anyTransport(c: Parameters<typeof actorOf>[0], id: number) {
  const view = await loadTransfer(companyDb(c), actorOf(c).companyId, id);
  if (!view) throw notFound("Solicitud no encontrada");
  return view;
}

/**
 * Taking a transfer back to its origin, and confirming it is back: a return travels to its warehouse
 * until it arrives, so only a transfer goes back (409 for a return).
 */
async function takeBack(
  c: Parameters<typeof perform>[0],
  id: number,
  action: "return_to_origin" | "confirm_origin_return",
  notes: string | null | undefined,
) {
  const view = await anyTransport(c, id);
  if (view.request_type === "return")
    throw conflict(
      "Una devolución no vuelve al local: registra el intento y vuelve a intentar la entrega en la bodega",
    );
  return perform(c, id, action, { notes });
}

const ACTION_REQUIRED: Record<string, [transfer: string, ret: string]> = {
  courier_assigned: ["Confirmar recolección", "Recibir de Vendedor"],
  in_transit: ["Confirmar entrega", "Entregar a Bodeguero"],
  returning_to_origin: ["Devolver en el origen", "Devolver en el origen"],
};

/** /api/v1/courier — the courier's board (spec 3 §2.4, §7.7), with the return-transport variants. */
export const courierRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.courier))
  .get(
    "/available-requests",
    doc("Lista las solicitudes aceptadas que esperan un corredor, filtrables por propósito"),
    validate("query", AvailableQuery),
    async (c) => {
      const actor = actorOf(c);
      const { purpose } = c.req.valid("query");
      const list = await loadTransfers(
        companyDb(c),
        and(
          eq(transferRequests.companyId, actor.companyId),
          eq(transferRequests.status, "accepted"),
          eq(transferRequests.pickupType, "corredor"),
          isNull(transferRequests.courierId),
          purpose === "all" ? undefined : eq(transferRequests.purpose, purpose),
        ) as SQL,
      );
      return c.json({
        available_requests: list,
        total: list.length,
        message: `${list.length} transportes disponibles`,
      });
    },
  )
  .get(
    "/my-transports",
    doc("Muestra los transportes en curso del corredor, con la acción que le toca y sus estadísticas"),
    async (c) => {
      const actor = actorOf(c);
      const db = companyDb(c);
      const mine = and(
        eq(transferRequests.companyId, actor.companyId),
        eq(transferRequests.courierId, actor.id),
      ) as SQL;
      const [active, counts] = await Promise.all([
        loadTransfers(
          db,
          and(mine, inArray(transferRequests.status, ["courier_assigned", "in_transit", "returning_to_origin"])) as SQL,
        ),
        db
          .select({
            total: sql<number>`COUNT(*)`,
            completed: sql<number>`COALESCE(SUM(${transferRequests.status} IN ('delivered', 'completed')), 0)`,
          })
          .from(transferRequests)
          .where(mine),
      ]);
      const total = Number(counts[0]?.total ?? 0);
      const completed = Number(counts[0]?.completed ?? 0);
      return c.json({
        my_transports: active.map((t) => ({
          ...t,
          action_required: ACTION_REQUIRED[t.status]?.[t.request_type === "return" ? 1 : 0] ?? "Confirmar entrega",
          status_description: t.status_info.description,
        })),
        courier_stats: {
          total_transports: total,
          in_progress: active.length,
          completed,
          completion_rate: total === 0 ? 0 : Math.round((completed / total) * 1000) / 10,
        },
        message: `${active.length} transportes en curso`,
      });
    },
  )
  .get(
    "/my-deliveries",
    doc(
      "Muestra por páginas las entregas del corredor (la más reciente primero), cuántas hay en total, y lo estimado que ganó en los últimos `days` días (30 si no se indica)",
    ),
    validate("query", DeliveriesQuery),
    async (c) => {
      const actor = actorOf(c);
      const { days, ...page } = c.req.valid("query");
      const db = companyDb(c);
      const since = periodStart(days);
      const [list, total, earned] = await Promise.all([
        loadTransfers(
          db,
          and(
            eq(transferRequests.companyId, actor.companyId),
            eq(transferRequests.courierId, actor.id),
            inArray(transferRequests.status, ["delivered", "completed"]),
          ) as SQL,
          { ...page, order: "newestDelivery" },
        ),
        courierDeliveryCount(db, actor.companyId, actor.id),
        courierEarnings(db, actor.companyId, actor.id, since),
      ]);
      return c.json({
        recent_deliveries: list.map((t) => ({
          id: t.id,
          status: t.status,
          request_type: t.request_type,
          brand: t.brand,
          model: t.model,
          size: t.size,
          quantity: t.quantity,
          delivered_at: t.delivered_at,
          delivery_successful: t.delivery_successful,
          destination_location_name: t.destination_location_name,
          estimated_earning: t.estimated_earning,
          distance_km: t.distance_km,
        })),
        ...pageInfo(page, total),
        // the period's figures: every delivery of the last `days` days, not only this page
        period_days: days,
        period_start: since,
        period_deliveries: earned.deliveries,
        total_estimated_earnings: earned.total_estimated_earnings,
        period_distance_km: earned.distance_km,
      });
    },
  )
  .post(
    "/accept-request/:id",
    doc("Asigna al corredor una solicitud aceptada por la bodega", {
      404: "La solicitud no existe, es de otra empresa o es una devolución",
      409: "La bodega aún no acepta la solicitud o ya la tomó otro corredor",
    }),
    validate("json", AcceptBody),
    validateId(),
    async (c) => c.json(await transfers.accept(c, c.req.valid("param").id, c.req.valid("json"))),
  )
  .post(
    "/confirm-pickup/:id",
    doc("Confirma que el corredor recogió los pares en la ubicación de origen", {
      403: "La solicitud está asignada a otro corredor",
      404: "La solicitud no existe, es de otra empresa o es una devolución",
      409: "La bodega aún no entregó los pares o la solicitud no está asignada al corredor",
    }),
    validate("json", PickupBody),
    validateId(),
    async (c) => c.json(await transfers.pickup(c, c.req.valid("param").id, c.req.valid("json").pickup_notes)),
  )
  .post(
    "/confirm-delivery/:id",
    doc("Registra la entrega en el local de destino o un intento fallido de entrega", {
      403: "La solicitud está asignada a otro corredor",
      404: "La solicitud no existe, es de otra empresa o es una devolución",
      409: "La solicitud no está en tránsito",
    }),
    validate("query", DeliveryQuery),
    validateId(),
    async (c) => c.json(await transfers.deliver(c, c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/accept-return/:id",
    doc("Asigna al corredor el transporte de una devolución hacia la bodega", {
      404: "La devolución no existe o es de otra empresa",
      409: "La bodega aún no acepta la devolución o ya la tomó otro corredor",
    }),
    validate("json", AcceptBody),
    validateId(),
    async (c) => c.json(await returns.accept(c, c.req.valid("param").id, c.req.valid("json"))),
  )
  .post(
    "/confirm-return-pickup/:id",
    doc("Confirma que el corredor recogió la devolución en el local", {
      403: "La devolución está asignada a otro corredor",
      404: "La devolución no existe o es de otra empresa",
      409: "La devolución no está asignada al corredor o no se puede recoger en su estado",
    }),
    validate("json", PickupBody),
    validateId(),
    async (c) => c.json(await returns.pickup(c, c.req.valid("param").id, c.req.valid("json").pickup_notes)),
  )
  .post(
    "/confirm-return-delivery/:id",
    doc("Registra la entrega de la devolución en la bodega o un intento fallido", {
      403: "La devolución está asignada a otro corredor",
      404: "La devolución no existe o es de otra empresa",
      409: "La devolución no está en tránsito",
    }),
    validate("query", DeliveryQuery),
    validateId(),
    async (c) => c.json(await returns.deliver(c, c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/report-failed-delivery/:id",
    doc(
      "Registra un intento de entrega fallido con su motivo (transferencia o devolución); el producto sigue con el corredor y cada intento queda en el historial",
      {
        403: "El transporte está asignado a otro corredor",
        404: "El transporte no existe o es de otra empresa",
        409: "El transporte no está en tránsito",
        422: "Falta el motivo o no es de la lista; con «Otro» falta la nota",
      },
    ),
    validate("json", FailedDeliveryBody),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const body = c.req.valid("json");
      if (body.reason === "otro" && !body.notes) throw invalid(FAILURE_NOTE_REQUIRED);
      await anyTransport(c, id);
      const after = await perform(c, id, "report_failed_delivery", { failureReason: body.reason, notes: body.notes });
      const attempt = after.delivery_attempts.at(-1) ?? null;
      return c.json({
        success: true,
        message: `Intento fallido registrado (${DELIVERY_FAILURE_LABELS[body.reason]}); el producto sigue contigo`,
        transport: after,
        attempt,
      });
    },
  )
  .post(
    "/return-to-origin/:id",
    doc(
      "Lleva de vuelta al origen una transferencia que no se pudo entregar (después de registrar el intento fallido)",
      {
        403: "La transferencia está asignada a otro corredor",
        404: "La transferencia no existe o es de otra empresa",
        409: "No está en tránsito, aún no tiene un intento fallido o es una devolución",
      },
    ),
    validate("json", OriginReturnBody),
    validateId(),
    async (c) => {
      const after = await takeBack(c, c.req.valid("param").id, "return_to_origin", c.req.valid("json").notes);
      return c.json({
        success: true,
        message: `Lleva el producto de vuelta a ${after.source_location_name}`,
        transport: after,
      });
    },
  )
  .post(
    "/confirm-origin-return/:id",
    doc(
      "Confirma que el producto volvió al origen: las unidades regresan a su inventario y la transferencia queda cancelada",
      {
        403: "La transferencia está asignada a otro corredor",
        404: "La transferencia no existe o es de otra empresa",
        409: "La transferencia no está volviendo al origen (o ya volvió) o es una devolución",
      },
    ),
    validate("json", OriginReturnBody),
    validateId(),
    async (c) => {
      const after = await takeBack(c, c.req.valid("param").id, "confirm_origin_return", c.req.valid("json").notes);
      return c.json({
        success: true,
        message: `Producto devuelto en ${after.source_location_name}; volvió a su inventario`,
        transport: after,
      });
    },
  );
