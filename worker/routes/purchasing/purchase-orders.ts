import { type Context, Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { PURCHASE_ORDER_STATES } from "../../db/schema";
import { companyDb } from "../../db/shards";
import {
  changeOrderState,
  createPurchaseOrder,
  listPurchaseOrders,
  type NewPurchaseOrder,
  type OrderAction,
  purchaseOrderDetail,
} from "../../domain/purchasing/orders";
import { type ReceivedLine, receivePurchaseOrder } from "../../domain/purchasing/receive";
import { supplierView } from "../../domain/purchasing/suppliers";
import { toCentavos, toPesos } from "../../domain/shared/money";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import {
  booleanLike,
  calendarDate,
  idLike,
  numberLike,
  optionalText,
  queryValue,
  validate,
  validateId,
  wholeNumber,
} from "../../lib/validation";
import { doc } from "../../openapi/describe";

const pairs = (label: string) =>
  wholeNumber(
    { number: `${label} debe ser un número de pares`, whole: `${label} son pares enteros` },
    [1, `${label} debe ser al menos 1 par`],
    [100_000, `${label} es demasiado grande`],
  );

const OrderLine = v.object({
  product_id: idLike("Indica el producto de cada línea"),
  size: v.pipe(
    v.string("La talla es requerida"),
    v.trim(),
    v.nonEmpty("La talla es requerida"),
    v.maxLength(10, "La talla es demasiado larga"),
  ),
  quantity: pairs("La cantidad"),
  unit_cost: v.pipe(
    numberLike("El costo unitario debe ser un número de pesos"),
    v.minValue(0, "El costo unitario no puede ser negativo"),
    v.maxValue(100_000_000, "El costo unitario es demasiado grande"),
  ),
});

const OrderBody = v.pipe(
  v.object({
    supplier_id: idLike("Indica el proveedor"),
    location_id: idLike("Indica la bodega o el local que recibe la mercancía"),
    notes: optionalText(500, "notas"),
    expected_on: v.optional(v.nullable(calendarDate("La fecha esperada debe ser una fecha AAAA-MM-DD")), null),
    lines: v.pipe(
      v.array(OrderLine, "Las líneas de la orden deben ser una lista"),
      v.minLength(1, "La orden necesita al menos una línea"),
      v.maxLength(500, "Una orden tiene como máximo 500 líneas"),
    ),
    send: v.optional(booleanLike("Indica si la orden se envía al proveedor"), false),
  }),
  v.transform(
    (b): NewPurchaseOrder => ({
      supplierId: b.supplier_id,
      locationId: b.location_id,
      notes: b.notes,
      expectedOn: b.expected_on,
      send: b.send,
      lines: b.lines.map((l) => ({
        productId: l.product_id,
        size: l.size,
        quantity: l.quantity,
        unitCost: toCentavos(l.unit_cost),
      })),
    }),
  ),
);

const ReceptionBody = v.pipe(
  v.object({
    lines: v.pipe(
      v.array(
        v.object({ line_id: idLike("Indica la línea recibida"), quantity: pairs("Lo recibido") }),
        "Las líneas recibidas deben ser una lista",
      ),
      v.minLength(1, "Indica cuántos pares llegaron de al menos una línea"),
      v.maxLength(500, "Una recepción tiene como máximo 500 líneas"),
    ),
    notes: optionalText(500, "notas"),
  }),
  v.transform((b) => ({
    lines: b.lines.map((l): ReceivedLine => ({ lineId: l.line_id, quantity: l.quantity })),
    notes: b.notes,
  })),
);

const ListQuery = v.object({
  status: v.optional(v.pipe(queryValue, v.picklist(PURCHASE_ORDER_STATES, "El estado no es válido"))),
  ...pageQuery(50, 200),
});

type Detail = Awaited<ReturnType<typeof purchaseOrderDetail>>;

/** An order with its lines, as the API shows it (money in pesos). */
function orderDto({ order, supplier, location, lines }: Detail) {
  return {
    id: order.id,
    status: order.status,
    supplier: supplierView(supplier),
    location_id: location.id,
    location_name: location.name,
    notes: order.notes,
    expected_on: order.expectedOn,
    created_at: order.createdAt,
    sent_at: order.sentAt,
    closed_at: order.closedAt,
    lines: lines.map((l) => ({
      id: l.line.id,
      product_id: l.line.productId,
      sneaker_reference_code: l.referenceCode,
      brand: l.brand,
      model: l.model,
      color: l.color,
      size: l.line.size,
      quantity: l.line.quantity,
      received: l.line.received,
      pending: l.line.quantity - l.line.received,
      unit_cost: toPesos(l.line.unitCost),
      /** the product's weighted average cost now (null: none yet) */
      average_cost: l.averageCost === null ? null : toPesos(l.averageCost),
    })),
    total_pairs: lines.reduce((n, l) => n + l.line.quantity, 0),
    received_pairs: lines.reduce((n, l) => n + l.line.received, 0),
    total_cost: toPesos(lines.reduce((n, l) => n + l.line.quantity * l.line.unitCost, 0)),
  };
}

/** One guarded change of state, answered with the order as it is now. */
async function transitioned(c: Context<AppEnv>, id: number, action: OrderAction) {
  const db = companyDb(c);
  await changeOrderState(db, tenantId(c), id, action);
  const order = orderDto(await purchaseOrderDetail(db, tenantId(c), id));
  return c.json({ success: true, message: ACTION_TEXT[action], order });
}

const NOT_THERE = { 404: "La orden no existe o es de otra empresa" } as const;

const ACTION_TEXT: Record<OrderAction, string> = {
  send: "Orden enviada al proveedor",
  cancel: "Orden cancelada",
  close: "Orden cerrada: lo que falta ya no llegará",
};

/** /api/v1/admin/admin/purchase-orders — buying from suppliers (issue 37, docs/purchasing.md). */
export const purchaseOrdersRoutes = new Hono<AppEnv>()
  .get(
    "/purchase-orders",
    doc(
      "Lista las órdenes de compra, las más recientes primero, con su proveedor, destino y pares pedidos y recibidos",
    ),
    validate("query", ListQuery),
    async (c) => {
      const { status, limit, offset } = c.req.valid("query");
      const rows = await listPurchaseOrders(companyDb(c), tenantId(c), status ?? null, { limit, offset });
      return c.json({
        orders: rows.map((r) => ({
          id: r.order.id,
          status: r.order.status,
          supplier_id: r.order.supplierId,
          supplier_name: r.supplierName,
          location_id: r.order.locationId,
          location_name: r.locationName,
          expected_on: r.order.expectedOn,
          created_at: r.order.createdAt,
          total_pairs: Number(r.pairs),
          received_pairs: Number(r.received),
          total_cost: toPesos(Number(r.value)),
        })),
      });
    },
  )
  .post(
    "/purchase-orders",
    doc("Crea una orden de compra (borrador, o enviada con send=true): líneas de producto × talla × pares × costo", {
      404: "El proveedor, la ubicación o un producto no existen o son de otra empresa",
      422: "Los datos de la orden no son válidos",
    }),
    validate("json", OrderBody),
    async (c) => {
      const db = companyDb(c);
      const id = await createPurchaseOrder(db, tenantId(c), c.get("user").id, c.req.valid("json"), bogotaDate());
      const order = orderDto(await purchaseOrderDetail(db, tenantId(c), id));
      return c.json({ success: true, message: "Orden de compra creada", order }, 201);
    },
  )
  .get(
    "/purchase-orders/:id",
    doc("Una orden de compra con sus líneas, lo recibido y lo pendiente", {
      404: "La orden no existe o es de otra empresa",
    }),
    validateId(),
    async (c) =>
      c.json({ order: orderDto(await purchaseOrderDetail(companyDb(c), tenantId(c), c.req.valid("param").id)) }),
  )
  .post(
    "/purchase-orders/:id/receptions",
    doc(
      "Recibe una orden, completa o en partes: suma los pares al stock del destino con su costo y actualiza el costo promedio ponderado de cada producto",
      {
        404: "La orden no existe o es de otra empresa",
        409: "La orden no se puede recibir (borrador, recibida, cerrada o cancelada) o se recibirían más pares de los pedidos",
        422: "Las líneas recibidas no son válidas",
      },
    ),
    validateId(),
    validate("json", ReceptionBody),
    async (c) => {
      const db = companyDb(c);
      const { id } = c.req.valid("param");
      const { lines, notes } = c.req.valid("json");
      const receptionId = await receivePurchaseOrder(db, tenantId(c), c.get("user").id, id, lines, notes);
      const order = orderDto(await purchaseOrderDetail(db, tenantId(c), id));
      return c.json({ success: true, message: "Recepción registrada", reception_id: receptionId, order }, 201);
    },
  )
  .post(
    "/purchase-orders/:id/send",
    doc("Envía al proveedor una orden en borrador", { ...NOT_THERE, 409: "La orden ya no está en borrador" }),
    validateId(),
    (c) => transitioned(c, c.req.valid("param").id, "send"),
  )
  .post(
    "/purchase-orders/:id/cancel",
    doc("Cancela una orden sin recepciones", { ...NOT_THERE, 409: "La orden ya recibió mercancía, o está cerrada" }),
    validateId(),
    (c) => transitioned(c, c.req.valid("param").id, "cancel"),
  )
  .post(
    "/purchase-orders/:id/close",
    doc("Cierra una orden recibida en parte: lo que falta ya no llegará", {
      ...NOT_THERE,
      409: "Solo se cierra una orden recibida en parte",
    }),
    validateId(),
    (c) => transitioned(c, c.req.valid("param").id, "close"),
  );
