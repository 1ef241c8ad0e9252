// Purchase orders (issue 37, docs/purchasing.md): lines of product × size × pairs × unit cost to a
// supplier, delivered at a warehouse or store. borrador → enviada → parcial → recibida; an order sent and
// partly received can be closed short (cerrada); one not yet received can be cancelled. Each change of
// state is one guarded statement (two clicks racing change it once).
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { inList, rowsPerStatement } from "../../db/limits";
import {
  locations,
  type PurchaseOrderState,
  products,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from "../../db/schema";
import { companyRowOf } from "../shared/company-row";
import { conflict, invalid, notFound } from "../shared/errors";

export type PurchaseOrder = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLine = typeof purchaseOrderLines.$inferSelect;

export interface NewOrderLine {
  productId: number;
  size: string;
  quantity: number;
  /** centavos per pair */
  unitCost: number;
}

export interface NewPurchaseOrder {
  supplierId: number;
  locationId: number;
  notes: string | null;
  /** YYYY-MM-DD; null: today + the supplier's lead time */
  expectedOn: string | null;
  lines: NewOrderLine[];
  /** sent to the supplier at once (enviada) rather than kept as a draft */
  send: boolean;
}

export const ORDER_NOT_FOUND = "Orden de compra no encontrada";
const MAX_LINES = 500;

/** The lines as one per product × size: the same cell twice is a mistake the administrador must see. */
export function checkOrderLines(lines: readonly NewOrderLine[]): void {
  if (lines.length === 0) throw invalid("La orden necesita al menos una línea");
  if (lines.length > MAX_LINES) throw invalid(`Una orden tiene como máximo ${MAX_LINES} líneas`);
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.size}`;
    if (seen.has(key)) throw invalid(`La talla ${line.size} de un producto está dos veces en la orden`);
    seen.add(key);
  }
}

const addDays = (isoDate: string, days: number) => {
  const at = new Date(`${isoDate}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Values one order line binds: its columns, the order's id subquery and the defaults drizzle sends. */
const LINE_PARAMS = 10;

/** Creates the order and its lines in one batch; the supplier, the location and every product must be the company's. */
export async function createPurchaseOrder(
  db: Db,
  companyId: number,
  userId: number,
  input: NewPurchaseOrder,
  today: string,
): Promise<number> {
  checkOrderLines(input.lines);
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const [[supplier], [place], known] = await db.batch([
    db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, input.supplierId))),
    db
      .select()
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.id, input.locationId))),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), inList(products.id, productIds))),
  ]);
  if (!supplier) throw notFound("Proveedor no encontrado");
  if (!supplier.isActive) throw invalid("El proveedor está inactivo");
  if (!place) throw notFound("Ubicación no encontrada");
  if (!place.isActive) throw invalid("La ubicación de destino está inactiva");
  if (known.length !== productIds.length) throw notFound("Un producto de la orden no existe");
  const ref = crypto.randomUUID();
  const now = new Date().toISOString();
  const orderId = sql<number>`(SELECT id FROM purchase_orders WHERE ref = ${ref})`;
  const [[order]] = await db.batch([
    db
      .insert(purchaseOrders)
      .values({
        companyId,
        supplierId: supplier.id,
        locationId: place.id,
        status: input.send ? "enviada" : "borrador",
        ref,
        notes: input.notes,
        expectedOn: input.expectedOn ?? addDays(today, supplier.leadTimeDays),
        createdBy: userId,
        sentAt: input.send ? now : null,
      })
      .returning({ id: purchaseOrders.id }),
    // as many lines a statement as D1's bound values allow (an order takes up to 500)
    ...rowsPerStatement(input.lines, LINE_PARAMS).map((group) =>
      db.insert(purchaseOrderLines).values(
        group.map((l) => ({
          companyId,
          orderId,
          productId: l.productId,
          size: l.size,
          quantity: l.quantity,
          unitCost: l.unitCost,
        })),
      ),
    ),
  ]);
  if (!order) throw new Error("purchase order not inserted");
  return order.id;
}

/** An order of the company, or 404. */
export function purchaseOrderOf(db: Db, companyId: number, id: number): Promise<PurchaseOrder> {
  return companyRowOf(db, purchaseOrders, companyId, id, ORDER_NOT_FOUND);
}

/** What each change of state needs, and the Spanish refusal when the order is not there any more. */
const TRANSITIONS = {
  send: { from: ["borrador"], to: "enviada", refusal: "Solo se envía una orden en borrador" },
  cancel: {
    from: ["borrador", "enviada"],
    to: "cancelada",
    refusal: "Solo se cancela una orden sin recepciones (en borrador o enviada)",
  },
  close: {
    from: ["parcial"],
    to: "cerrada",
    refusal: "Solo se cierra una orden recibida en parte (lo que falta ya no llegará)",
  },
} as const satisfies Record<string, { from: readonly PurchaseOrderState[]; to: PurchaseOrderState; refusal: string }>;

export type OrderAction = keyof typeof TRANSITIONS;

/** Moves an order by `action`, guarded on the states it may come from (409 otherwise). */
export async function changeOrderState(db: Db, companyId: number, id: number, action: OrderAction) {
  await purchaseOrderOf(db, companyId, id);
  const step = TRANSITIONS[action];
  const now = new Date().toISOString();
  const stamp = action === "send" ? { sentAt: now } : { closedAt: now };
  try {
    await db.batch([
      db
        .update(purchaseOrders)
        .set({ status: step.to, updatedAt: now, ...stamp })
        .where(
          and(
            eq(purchaseOrders.companyId, companyId),
            eq(purchaseOrders.id, id),
            inArray(purchaseOrders.status, [...step.from]),
          ),
        ),
      requireChanged(db, `purchase order ${action}`),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) throw conflict(step.refusal);
    throw err;
  }
}

/** The company's orders, newest first, with their supplier, location and totals (pairs and cost). */
export async function listPurchaseOrders(
  db: Db,
  companyId: number,
  status: PurchaseOrderState | null,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(purchaseOrders.companyId, companyId),
    status ? eq(purchaseOrders.status, status) : undefined,
  ) as SQL;
  const lineTotals = (column: SQL) =>
    sql<number>`(SELECT COALESCE(SUM(${column}), 0) FROM purchase_order_lines l WHERE l.order_id = ${purchaseOrders.id})`;
  return db
    .select({
      order: purchaseOrders,
      supplierName: suppliers.name,
      locationName: locations.name,
      pairs: lineTotals(sql`l.quantity`),
      received: lineTotals(sql`l.received`),
      value: lineTotals(sql`l.quantity * l.unit_cost`),
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(locations, eq(locations.id, purchaseOrders.locationId))
    .where(where)
    .orderBy(desc(purchaseOrders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One order with its lines (and each line's product), or 404. */
export async function purchaseOrderDetail(db: Db, companyId: number, id: number) {
  const mine = and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id));
  const [[order], [supplier], [place], lines] = await db.batch([
    db.select().from(purchaseOrders).where(mine),
    db
      .select()
      .from(suppliers)
      .where(
        eq(suppliers.id, sql`(SELECT supplier_id FROM purchase_orders WHERE company_id = ${companyId} AND id = ${id})`),
      ),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(
        eq(locations.id, sql`(SELECT location_id FROM purchase_orders WHERE company_id = ${companyId} AND id = ${id})`),
      ),
    // each table apart in the batch: D1 mixes joined columns that share a name (docs/fiscal.md)
    db
      .select({
        line: purchaseOrderLines,
        referenceCode: products.referenceCode,
        brand: products.brand,
        model: products.model,
        color: products.color,
        averageCost: products.costPrice,
      })
      .from(purchaseOrderLines)
      .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
      .where(and(eq(purchaseOrderLines.companyId, companyId), eq(purchaseOrderLines.orderId, id)))
      .orderBy(products.referenceCode, purchaseOrderLines.size),
  ]);
  if (!order || !supplier || !place) throw notFound(ORDER_NOT_FOUND);
  return { order, supplier, location: place, lines };
}
