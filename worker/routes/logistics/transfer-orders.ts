// /api/v1/transfer-orders — restock orders (issue 37): many lines from one location to another, prepared
// as a pick list, handed over as one package and received line by line. Every change goes through the
// company's TransferHub, as single transfers do; each line is a transfer with its reservation and ledger.
import { and, eq, type SQL } from "drizzle-orm";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { REFERENCE_CODE_REQUIRED, SIZE_REQUIRED, SOURCE_LOCATION_UNKNOWN } from "../../../shared/messages";
import { requireAuth, requireRole } from "../../auth/middleware";
import { scopeLocation } from "../../auth/scope";
import { transferOrders } from "../../db/schema";
import { companyDb, continueAt } from "../../db/shards";
import type { TransitionPayload } from "../../domain/logistics/transfer-ops/types";
import {
  type LineReception,
  MAX_ORDER_LINES,
  type NewOrder,
  ORDER_ACTIONS,
} from "../../domain/logistics/transfer-orders/types";
import {
  countOrders,
  loadOrder,
  loadOrders,
  orderStateFilter,
  ordersVisibleTo,
} from "../../domain/logistics/transfer-orders/views";
import type { HubResult } from "../../durable/transfer-hub";
import type { AppEnv } from "../../env";
import { ApiError, forbidden, notFound } from "../../lib/errors";
import { pageInfo, pageQuery } from "../../lib/paging";
import { booleanLike, numberLike, optionalText, requiredText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { actorOf, hubFor } from "./hub";

const positiveInt = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));
const quantity = v.pipe(
  numberLike("La cantidad debe ser un número"),
  v.integer("La cantidad debe ser un número entero"),
  v.minValue(1, "La cantidad mínima es 1"),
  v.maxValue(500, "La cantidad es demasiado alta"),
);

export const OrderBody = v.pipe(
  v.object({
    source_location_id: positiveInt(SOURCE_LOCATION_UNKNOWN),
    // a seller's order always goes to their own store; a keeper's leaves their own warehouse
    destination_location_id: v.optional(v.nullable(positiveInt("La ubicación de destino no es válida"))),
    pickup_type: v.optional(
      v.picklist(["corredor", "vendedor"], "La recogida debe ser corredor o vendedor"),
      "corredor",
    ),
    notes: optionalText(1000, "notas"),
    lines: v.pipe(
      v.array(
        v.object({
          sneaker_reference_code: requiredText(REFERENCE_CODE_REQUIRED, 60),
          size: v.pipe(
            v.union([v.string(), v.pipe(v.number(), v.transform(String))], SIZE_REQUIRED),
            v.transform((s) => s.trim()),
            v.nonEmpty(SIZE_REQUIRED),
            v.maxLength(10),
          ),
          quantity,
          foot_side: v.optional(v.nullable(v.picklist(["left", "right"], "El pie debe ser left o right")), null),
        }),
        "Las líneas del pedido deben ser una lista",
      ),
      v.minLength(1, "El pedido necesita al menos una línea"),
      v.maxLength(MAX_ORDER_LINES, `Un pedido lleva como máximo ${MAX_ORDER_LINES} líneas`),
    ),
  }),
  v.transform((b): Omit<NewOrder, "destinationLocationId"> & { destinationLocationId: number | null } => ({
    sourceLocationId: b.source_location_id,
    destinationLocationId: b.destination_location_id ?? null,
    pickupType: b.pickup_type,
    notes: b.notes,
    lines: b.lines.map((l) => ({
      referenceCode: l.sneaker_reference_code,
      size: l.size,
      quantity: l.quantity,
      footSide: l.foot_side,
    })),
  })),
);

export const OrderActionBody = v.pipe(
  v.object({
    action: v.picklist(ORDER_ACTIONS, "La acción no es válida para un pedido"),
    notes: optionalText(1000, "notas"),
    // declining or cancelling an accepted order says why (the other end reads it)
    reason: optionalText(300, "motivo"),
    estimated_minutes: v.optional(
      v.nullable(v.pipe(numberLike("El tiempo estimado no es válido"), v.integer(), v.minValue(1), v.maxValue(600))),
      null,
    ),
    // the reception, line by line: what arrived of each (a line not named arrived whole)
    lines: v.optional(
      v.pipe(
        v.array(
          v.object({
            transfer_id: positiveInt("La línea no es válida"),
            received_quantity: v.pipe(
              numberLike("La cantidad recibida no es válida"),
              v.integer("La cantidad recibida no es válida"),
              v.minValue(0, "La cantidad recibida no es válida"),
            ),
            damaged_quantity: v.optional(
              v.nullable(
                v.pipe(
                  numberLike("Las unidades dañadas no son válidas"),
                  v.integer("Las unidades dañadas no son válidas"),
                  v.minValue(0, "Las unidades dañadas no son válidas"),
                ),
              ),
              null,
            ),
            notes: optionalText(1000, "notas"),
          }),
        ),
        v.maxLength(MAX_ORDER_LINES),
      ),
      [],
    ),
  }),
  v.transform((b) => ({
    action: b.action,
    payload: {
      notes: b.notes,
      cancellationReason: b.reason,
      estimatedMinutes: b.estimated_minutes,
    } satisfies TransitionPayload,
    receptions: b.lines.map(
      (l): LineReception => ({
        transferId: l.transfer_id,
        receivedQuantity: l.received_quantity,
        damagedQuantity: l.damaged_quantity,
        notes: l.notes,
      }),
    ),
  })),
);

export const PickBody = v.object({
  picked: v.optional(booleanLike("picked debe ser verdadero o falso"), true),
  // the code scanned from the box (barcode, SKU or reference); without one the keeper ticks the line
  code: optionalText(80, "código"),
});

export const OrdersQuery = v.object({
  state: v.optional(v.picklist(["open", "closed", "all"], "El estado debe ser open, closed o all"), "open"),
  ...pageQuery(30, 100),
});

const WRITERS = ["seller", "bodeguero", "administrador", "superuser"] as const;
/** Whoever takes part in an order: the writers and the couriers who carry it (the boss reads reports, not orders). */
const PARTICIPANTS = [...WRITERS, "corredor"] as const;

/** The order as the caller may see it (another company's, or one outside the caller's locations: 404). */
async function visibleOrder(c: Context<AppEnv>, id: number) {
  const actor = actorOf(c);
  const db = companyDb(c);
  const [seen] = await db
    .select({ id: transferOrders.id })
    .from(transferOrders)
    .where(and(ordersVisibleTo(actor), eq(transferOrders.id, id)) as SQL)
    .limit(1);
  const view = seen ? await loadOrder(db, actor.companyId, id) : null;
  if (!view) throw notFound("Pedido de reposición no encontrado");
  return view;
}

/** Reads the order a hub call changed, from where its writes left the shard. */
async function afterHub(c: Context<AppEnv>, result: HubResult<number>) {
  if (!result.ok) throw new ApiError(result.status as ApiError["status"], result.detail);
  continueAt(c, result.bookmark);
  const view = await loadOrder(companyDb(c), actorOf(c).companyId, result.value);
  if (!view) throw notFound("Pedido de reposición no encontrado");
  return view;
}

const ACTION_DONE: Record<(typeof ORDER_ACTIONS)[number], string> = {
  accept: "Pedido aceptado: las unidades quedaron reservadas",
  decline: "Pedido rechazado; el solicitante verá el motivo",
  cancel: "Pedido cancelado",
  keeper_cancel: "Pedido cancelado en el origen",
  courier_accept: "Tomaste el pedido",
  deliver_to_courier: "Paquete entregado al corredor",
  confirm_pickup: "Recogida confirmada",
  deliver_to_vendor: "Paquete entregado a quien lo pidió",
  confirm_delivery: "Entrega confirmada",
  confirm_reception: "Recepción registrada",
};

export const transferOrdersRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...PARTICIPANTS))
  .get(
    "/",
    doc("Lista por páginas los pedidos de reposición que ve quien llama (abiertos, cerrados o todos), con sus líneas"),
    validate("query", OrdersQuery),
    async (c) => {
      const { state, ...page } = c.req.valid("query");
      const where = and(ordersVisibleTo(actorOf(c)), orderStateFilter(state)) as SQL;
      const db = companyDb(c);
      const [orders, total] = await Promise.all([loadOrders(db, where, page), countOrders(db, where)]);
      return c.json({ orders, ...pageInfo(page, total) });
    },
  )
  .post(
    "/",
    doc("Crea un pedido de reposición de varias líneas (producto × talla × pares o pies) entre dos ubicaciones", {
      403: "Un vendedor pide hacia otro local o un bodeguero desde otra bodega",
      404: "La ubicación de origen o de destino no existe o es de otra empresa",
      409: "El origen no tiene libres las unidades de alguna línea (dice cuáles)",
      422: "Faltan líneas, el origen es el destino o una referencia no existe en el catálogo",
    }),
    requireRole(...WRITERS),
    validate("json", OrderBody),
    async (c) => {
      const input = c.req.valid("json");
      const user = c.get("user");
      const own = scopeLocation(user);
      if (user.role === "seller" && input.destinationLocationId !== null && input.destinationLocationId !== own)
        throw forbidden("Solo puedes pedir reposición hacia tu propio local");
      if (user.role === "bodeguero" && input.sourceLocationId !== own)
        throw forbidden("Solo puedes preparar pedidos desde tu propia bodega");
      const destination = user.role === "seller" ? own : input.destinationLocationId;
      if (destination === null) return c.json({ detail: "Indica la ubicación de destino del pedido" }, 422);
      const actor = actorOf(c);
      const order = await afterHub(
        c,
        await hubFor(c.env, actor.companyId).createOrder(
          actor,
          { ...input, destinationLocationId: destination },
          c.get("idempotency"),
        ),
      );
      return c.json({ success: true, message: `Pedido #${order.id} creado`, order }, 201);
    },
  )
  .get(
    "/:id",
    doc("Un pedido de reposición con sus líneas (lista de alistamiento y recepción)", {
      404: "El pedido no existe, es de otra empresa o de una ubicación que no es la de quien llama",
    }),
    validateId(),
    async (c) => c.json({ order: await visibleOrder(c, c.req.valid("param").id) }),
  )
  .post(
    "/:id/actions",
    doc("Aplica una acción a todas las líneas del pedido que estén en el estado que la permite, en un solo paso", {
      403: "El rol o la ubicación de quien llama no puede realizar la acción",
      404: "El pedido no existe o no es visible para quien llama",
      409: "Ninguna línea admite la acción; faltan líneas por alistar; no hay stock para reservar; el pedido cambió",
      422: "Falta el motivo de un rechazo o una cancelación; una cantidad recibida o dañada está fuera de rango",
    }),
    validateId(),
    validate("json", OrderActionBody),
    async (c) => {
      const { id } = c.req.valid("param");
      await visibleOrder(c, id);
      const { action, payload, receptions } = c.req.valid("json");
      const actor = actorOf(c);
      const order = await afterHub(
        c,
        await hubFor(c.env, actor.companyId).performOrder(id, action, actor, payload, receptions, c.get("idempotency")),
      );
      return c.json({ success: true, message: ACTION_DONE[action], order });
    },
  )
  .post(
    "/:id/lines/:lineId/pick",
    doc("Marca una línea del pedido como alistada en el paquete (o la quita), con el código escaneado de su caja", {
      403: "La línea la alista la ubicación de origen",
      404: "El pedido o la línea no existe o no es visible para quien llama",
      409: "La línea no está aceptada o ya salió del origen",
      422: "El código escaneado no es el de la línea",
    }),
    validateId("id", "lineId"),
    validate("json", PickBody),
    async (c) => {
      const { id, lineId } = c.req.valid("param");
      await visibleOrder(c, id);
      const { picked, code } = c.req.valid("json");
      const actor = actorOf(c);
      const order = await afterHub(
        c,
        await hubFor(c.env, actor.companyId).pickOrderLine(actor, id, lineId, picked, code, c.get("idempotency")),
      );
      return c.json({ order });
    },
  );
