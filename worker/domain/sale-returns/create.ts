// A customer brings back units of a sale: the units go back to the store (sellable, or apart as
// damaged), the money back or into another sale (an exchange). One D1 batch writes it all, and each
// line's update only matches the returned count read before it: two returns racing for the last unit
// cannot both pass, and a retry with the same key answers the first return.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PaymentType, ReturnReason, Role } from "../../../shared/constants";
import { productRefusal } from "../../../shared/messages";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import {
  companies,
  inventory,
  locations,
  products,
  saleItems,
  saleReturnItems,
  saleReturns,
  sales,
} from "../../db/schema";
import { writeThenRead } from "../../db/write-then-read";
import { ApiError, conflict, forbidden, IDEMPOTENCY_KEY_TAKEN, notFound, unprocessable } from "../../lib/errors";
import { cashExitStatements, coverForDrawer, drawerCashSql } from "../cash-exits";
import { derivedKey } from "../idempotency";
import { copText, toCentavos } from "../money";
import { administradorByPin } from "../price-authority";
import { type PaymentInput, priceSale, unitsPerCell } from "../sale-pricing";
import { assembleRead, saleReadStatements } from "../sales/read";
import { isConstraint, type LineFacts, saleStatements } from "../sales/statements";
import type { Seller } from "../sales/types";
import { returnRollupStatements } from "../sales-rollup";
import { stockChangeStatements } from "../stock";
import { tillClosedText, tillGuard, tillRuleHolds } from "../till-rule";
import { bogotaDate } from "../time";
import { assembleReturns, oneReturn, type ReturnDto, returnReadStatements } from "./read";
import { exchangeSettlement, returnedUnitsValue } from "./value";

export const SALE_NOT_FOUND = "Venta no encontrada";

export interface ReturnActor {
  id: number;
  companyId: number;
  role: Role;
  /** a seller's store; null for an administrador (who acts at the sale's store) */
  locationId: number | null;
  firstName: string;
  lastName: string;
}

export interface ReturnLineRequest {
  sale_item_id: number;
  quantity: number;
  /** sellable: back to the store's pairs; damaged: kept apart (a defect) */
  destination: "sellable" | "damaged";
}

export interface ExchangeRequest {
  items: { sneaker_reference_code: string; size: string; quantity: number }[];
  /** what the customer pays when the new pairs cost more than the credit (empty otherwise) */
  payments: PaymentInput[];
}

export interface NewReturn {
  saleId: number;
  lines: ReturnLineRequest[];
  reason: ReturnReason;
  notes: string | null;
  /** pesos; by default everything the units are worth (a plain return may give back less) */
  refundAmount: number | null;
  refundMethod: PaymentType | null;
  /** an administrador's PIN, needed after the company's return window, or to cover a cash refund the drawer cannot pay */
  adminPin: string | null;
  /** why the administrador covers a cash refund the drawer cannot pay */
  authorizationReason: string | null;
  exchange: ExchangeRequest | null;
  idempotencyKey: string;
}

type Product = typeof products.$inferSelect;

/** Everything the return needs, in one read batch. */
async function readReturnContext(db: Db, actor: ReturnActor, input: NewReturn) {
  const refs = [...new Set((input.exchange?.items ?? []).map((i) => i.sneaker_reference_code.trim()))];
  const saleLocation = sql`(SELECT location_id FROM sales WHERE company_id = ${actor.companyId} AND id = ${input.saleId})`;
  const [existing, saleRows, items, company, catalogue, [till]] = await db.batch([
    db
      .select({ id: saleReturns.id, userId: saleReturns.userId })
      .from(saleReturns)
      .where(and(eq(saleReturns.companyId, actor.companyId), eq(saleReturns.idempotencyKey, input.idempotencyKey)))
      .limit(1),
    db
      .select({ sale: sales, locationName: locations.name })
      .from(sales)
      .innerJoin(locations, eq(locations.id, sales.locationId))
      .where(and(eq(sales.companyId, actor.companyId), eq(sales.id, input.saleId)))
      .limit(1),
    db
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.companyId, actor.companyId), eq(saleItems.saleId, input.saleId))),
    db.select({ window: companies.returnWindowDays }).from(companies).where(eq(companies.id, actor.companyId)).limit(1),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), inArray(products.referenceCode, refs))),
    // the sale's store: whether its till rule holds, and the cash its open till holds (null: none open)
    db
      .select({
        holds: sql<number>`${tillRuleHolds(actor.companyId, saleLocation)}`.as("till_holds"),
        held: sql<number | null>`${drawerCashSql(saleLocation)}`.as("drawer_held"),
      })
      .from(companies)
      .where(eq(companies.id, actor.companyId)),
  ]);
  return {
    tillHolds: Boolean(till?.holds),
    drawerHeld: till?.held === null || till?.held === undefined ? null : Number(till.held),
    existing: existing[0] ?? null,
    sale: saleRows[0] ?? null,
    items,
    windowDays: company[0]?.window ?? 30,
    byRef: new Map<string, Product>(catalogue.map((p) => [p.referenceCode, p])),
  };
}

/** Whole days between two Bogotá dates (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The lines asked for, checked against what is left of each sale line; their value after the discount. */
function linesValued(input: NewReturn, sale: typeof sales.$inferSelect, items: (typeof saleItems.$inferSelect)[]) {
  if (input.lines.length === 0) throw unprocessable("Elige al menos una línea para devolver");
  const seen = new Set<number>();
  return input.lines.map((line) => {
    if (seen.has(line.sale_item_id)) throw unprocessable("Una línea de la venta aparece dos veces en la devolución");
    seen.add(line.sale_item_id);
    const item = items.find((i) => i.id === line.sale_item_id);
    if (!item) throw unprocessable(`La línea ${line.sale_item_id} no es de la venta #${sale.id}`);
    const left = item.quantity - item.returnedQuantity;
    if (line.quantity > left) {
      throw conflict(
        left === 0
          ? `${item.sneakerReferenceCode} talla ${item.size} ya se devolvió completo`
          : `Solo quedan ${left} de ${item.sneakerReferenceCode} talla ${item.size} por devolver (se pidieron ${line.quantity})`,
      );
    }
    const amount = returnedUnitsValue(
      { quantity: item.quantity, returned: item.returnedQuantity, subtotal: item.subtotal },
      { subtotal: sale.subtotalAmount, total: sale.totalAmount },
      line.quantity,
    );
    return { ...line, item, amount };
  });
}

type ValuedLine = ReturnType<typeof linesValued>[number];

/** Refuses a sale that cannot take returns, and one past the window without an administrador's PIN. */
async function assertReturnable(
  db: Db,
  actor: ReturnActor,
  input: NewReturn,
  sale: typeof sales.$inferSelect,
  locationName: string,
  windowDays: number,
): Promise<number | null> {
  if (actor.role === "seller" && actor.locationId !== sale.locationId) {
    throw conflict(`La venta #${sale.id} se hizo en ${locationName}: la devolución se recibe allí`);
  }
  if (sale.status !== "completed") throw conflict("La venta fue rechazada: no hay nada que devolver");
  if (sale.requiresConfirmation && !sale.confirmed) {
    throw conflict("La venta aún no está confirmada: no se puede devolver");
  }
  const age = daysBetween(bogotaDate(new Date(sale.saleDate)), bogotaDate());
  if (age <= windowDays || actor.role !== "seller") return null;
  if (!input.adminPin) {
    throw forbidden(
      `La venta tiene ${age} días (el plazo de devolución es de ${windowDays}): se necesita el PIN de un administrador`,
    );
  }
  const admin = await administradorByPin(db, actor.companyId, actor.id, input.adminPin);
  return admin.id;
}

/** The exchange's new sale, priced from the catalogue and paid with the credit first. */
function exchangeSale(
  input: NewReturn,
  exchange: ExchangeRequest,
  byRef: ReadonlyMap<string, Product>,
  creditCentavos: number,
) {
  if (exchange.items.length === 0) throw unprocessable("Elige lo que el cliente se lleva a cambio");
  const lines = exchange.items.map((item) => {
    const product = byRef.get(item.sneaker_reference_code.trim());
    const refused = productRefusal(product, item.sneaker_reference_code);
    if (refused || !product) throw unprocessable(refused ?? "");
    return { ...item, sneaker_reference_code: product.referenceCode, unit_price: product.unitPrice / 100 };
  });
  const newTotal = lines.reduce((acc, l) => acc + toCentavos(l.unit_price) * l.quantity, 0);
  const settled = exchangeSettlement(creditCentavos, newTotal);
  const paid = exchange.payments.reduce((acc, p) => acc + toCentavos(p.amount), 0);
  if (paid !== settled.toPay) {
    throw unprocessable(
      settled.toPay === 0
        ? "El cambio no lleva pagos: el saldo a favor cubre los productos nuevos"
        : `El cliente debe pagar ${copText(settled.toPay)} de diferencia (los pagos suman ${copText(paid)})`,
    );
  }
  const payments: PaymentInput[] = [
    ...(settled.credit > 0 ? [{ payment_type: "nota_credito" as const, amount: settled.credit / 100 }] : []),
    ...exchange.payments.filter((p) => toCentavos(p.amount) > 0),
  ];
  const priced = priceSale(lines, payments, newTotal / 100, 0);
  return { priced, settled, key: derivedKey("cambio", input.idempotencyKey) };
}

const returnIdOf = (companyId: number, key: string) =>
  sql<number>`(SELECT id FROM sale_returns WHERE company_id = ${companyId} AND idempotency_key = ${key})`;

/** How many times a return is read and written again when its batch met a concurrent change. */
const RETURN_ATTEMPTS = 3;
const RETRY = Symbol("retry");

/** Registers a return or an exchange of a sale; a replayed key answers the first one. */
export async function createReturn(db: Db, actor: ReturnActor, input: NewReturn): Promise<ReturnDto> {
  // bounded: a write that keeps meeting a changed sale (or a key it cannot take) ends in a 409
  for (let attempt = 1; attempt <= RETURN_ATTEMPTS; attempt++) {
    const outcome = await tryCreateReturn(db, actor, input);
    if (outcome !== RETRY) return outcome;
  }
  throw conflict("La venta cambió mientras se registraba la devolución; vuelve a intentarlo");
}

/** One read and one write batch; RETRY when a concurrent change made the batch fail after the read. */
async function tryCreateReturn(db: Db, actor: ReturnActor, input: NewReturn): Promise<ReturnDto | typeof RETRY> {
  const context = await readReturnContext(db, actor, input);
  if (context.existing) {
    if (context.existing.userId !== actor.id) throw conflict(IDEMPOTENCY_KEY_TAKEN);
    return oneReturn(db, actor.companyId, context.existing.id);
  }
  const found = context.sale;
  if (!found) throw notFound(SALE_NOT_FOUND);
  const sale = found.sale;
  const approvedBy = await assertReturnable(db, actor, input, sale, found.locationName, context.windowDays);
  if (!context.tillHolds) throw conflict(tillClosedText(found.locationName));
  const lines = linesValued(input, sale, context.items);
  const worth = lines.reduce((acc, l) => acc + l.amount, 0);

  let refund: number;
  let credit = 0;
  let exchange: ReturnType<typeof exchangeSale> | null = null;
  if (input.exchange) {
    exchange = exchangeSale(input, input.exchange, context.byRef, worth);
    credit = exchange.settled.credit;
    refund = exchange.settled.refund;
  } else {
    refund = input.refundAmount === null ? worth : toCentavos(input.refundAmount);
    if (refund > worth) {
      throw unprocessable(`El reembolso supera lo que se pagó por esas unidades: máximo ${copText(worth)}`);
    }
  }
  if (refund > 0 && !input.refundMethod) {
    throw unprocessable("Indica cómo se devuelve el dinero (efectivo, tarjeta o transferencia)");
  }
  // a cash refund is a cash exit: the drawer pays it, or an administrador's PIN covers it
  const cashOut = refund > 0 && input.refundMethod === "efectivo" ? refund : 0;
  const cover = await coverForDrawer(
    db,
    actor,
    sale.locationId,
    cashOut,
    { adminPin: input.adminPin, reason: input.authorizationReason },
    context.drawerHeld,
  );

  const statements = [
    ...cashExitStatements(db, sale.locationId, cashOut, cover),
    ...returnStatements(db, actor, input, sale, lines, { refund, credit, approvedBy }),
  ];
  if (exchange) {
    const seller: Seller = {
      id: actor.id,
      companyId: actor.companyId,
      locationId: sale.locationId,
      locationName: found.locationName,
      firstName: actor.firstName,
      lastName: actor.lastName,
    };
    const facts = (ref: string): LineFacts => {
      const p = context.byRef.get(ref) as Product;
      return {
        productId: p.id,
        brand: p.brand,
        model: p.model,
        color: p.color,
        cataloguePrice: p.unitPrice,
        unitCost: p.costPrice,
      };
    };
    const cells = unitsPerCell(exchange.priced.lines).map((cell) => ({
      ...cell,
      productId: context.byRef.get(cell.ref)?.id ?? 0,
    }));
    const written = saleStatements(
      db,
      seller,
      {
        items: exchange.priced.lines,
        payments: [],
        totalAmount: exchange.priced.totalCentavos / 100,
        notes: `Cambio de la venta #${sale.id}`,
        requiresConfirmation: false,
        discountRequestId: null,
        idempotencyKey: exchange.key,
        receipt: null,
        customerId: sale.customerId,
      },
      exchange.priced,
      facts,
      cells,
    );
    statements.push(
      ...written.statements,
      db
        .update(saleReturns)
        .set({
          exchangeSaleId: sql`(SELECT id FROM sales WHERE company_id = ${actor.companyId} AND idempotency_key = ${exchange.key})`,
        })
        .where(and(eq(saleReturns.companyId, actor.companyId), eq(saleReturns.idempotencyKey, input.idempotencyKey))),
    );
  }

  const mine = and(eq(saleReturns.companyId, actor.companyId), eq(saleReturns.idempotencyKey, input.idempotencyKey));
  let written: Awaited<ReturnType<typeof writeReturn>>;
  try {
    // the answer is read in the write's batch: two round trips in all (issue 34)
    written = await writeReturn(db, statements, mine as SQL, actor.companyId);
  } catch (err) {
    // another return took units of a line, or the till closed, since the read: the next read names it
    if (isGuardFailure(err)) return RETRY;
    // a concurrent call with the same key wrote first: the next read answers it
    if (isConstraint(err, "UNIQUE", "sale_returns.idempotency_key")) return RETRY;
    if (isConstraint(err, "UNIQUE", "sales.idempotency_key")) {
      throw conflict("La venta del cambio ya existe con otra clave; vuelve a intentarlo con una clave nueva");
    }
    if (isConstraint(err, "CHECK") && exchange) {
      throw conflict(await shortOfStock(db, sale.locationId, found.locationName, exchange.priced.lines));
    }
    throw err;
  }
  const [row] = assembleReturns(written[0], written[1]);
  if (!row) throw new ApiError(500, "La devolución no quedó registrada");
  const [exchanged] = assembleRead(written[2], written[3], written[4]);
  return { ...row, exchange_sale: exchanged ?? null };
}

/** The return's statements, then the return as answered and its exchange's sale (if any), in one batch. */
function writeReturn(db: Db, statements: BatchItem<"sqlite">[], mine: SQL, companyId: number) {
  const exchangeSaleOf = and(
    eq(sales.companyId, companyId),
    sql`${sales.id} = (SELECT exchange_sale_id FROM sale_returns WHERE ${mine})`,
  ) as SQL;
  return writeThenRead(db, statements, [
    ...returnReadStatements(db, mine),
    ...saleReadStatements(db, exchangeSaleOf),
  ] as const);
}

/** The return's rows, the lines' guarded counts, the stock back and the netted rollups. */
function returnStatements(
  db: Db,
  actor: ReturnActor,
  input: NewReturn,
  sale: typeof sales.$inferSelect,
  lines: ValuedLine[],
  money: { refund: number; credit: number; approvedBy: number | null },
): BatchItem<"sqlite">[] {
  const returnId = returnIdOf(actor.companyId, input.idempotencyKey);
  const header = db.insert(saleReturns).values({
    companyId: actor.companyId,
    saleId: sale.id,
    locationId: sale.locationId,
    sellerId: sale.sellerId,
    userId: actor.id,
    reason: input.reason,
    notes: input.notes,
    refundAmount: money.refund,
    refundMethod: money.refund > 0 ? input.refundMethod : null,
    creditAmount: money.credit,
    approvedBy: money.approvedBy,
    idempotencyKey: input.idempotencyKey,
  });
  const perLine = lines.flatMap((line) => [
    // matches only if nobody returned units of this line since the read
    db
      .update(saleItems)
      .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${line.quantity}` })
      .where(and(eq(saleItems.id, line.item.id), eq(saleItems.returnedQuantity, line.item.returnedQuantity))),
    requireChanged(db, "sale line returned as read"),
    db.insert(saleReturnItems).values({
      companyId: actor.companyId,
      returnId,
      saleItemId: line.item.id,
      quantity: line.quantity,
      amount: line.amount,
      destination: line.destination,
    }),
    ...stockChangeStatements(db, {
      companyId: actor.companyId,
      productId:
        line.item.productId ??
        sql<number>`(SELECT id FROM products WHERE company_id = ${actor.companyId} AND reference_code = ${line.item.sneakerReferenceCode})`,
      locationId: sale.locationId,
      size: line.item.size,
      delta: line.destination === "damaged" ? { damaged: line.quantity } : { pairs: line.quantity },
      reason: "customer_return",
      saleId: sale.id,
      userId: actor.id,
      notes: line.destination === "damaged" ? "Devuelto con defecto: apartado como dañado" : null,
    }),
  ]);
  const rollup = returnRollupStatements(db, {
    companyId: actor.companyId,
    returnId,
    day: bogotaDate(),
    locationId: sale.locationId,
    sellerId: sale.sellerId,
    refund: money.refund,
    refundMethod: money.refund > 0 ? input.refundMethod : null,
    credit: money.credit,
    lines: lines.map((l) => ({
      referenceCode: l.item.sneakerReferenceCode,
      brand: l.item.brand,
      model: l.item.model,
      quantity: l.quantity,
      subtotal: l.item.unitPrice * l.quantity,
    })),
  });
  return [header, ...perLine, ...rollup, tillGuard(db, actor.companyId, sale.locationId)];
}

/** The spec's stock message for the first exchanged cell the store cannot give. */
async function shortOfStock(
  db: Db,
  locationId: number,
  locationName: string,
  lines: { sneaker_reference_code: string; size: string; quantity: number }[],
) {
  for (const cell of unitsPerCell(lines)) {
    const [row] = await db
      .select({ pairs: inventory.pairs, reserved: inventory.reservedPairs })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(
        and(eq(inventory.locationId, locationId), eq(products.referenceCode, cell.ref), eq(inventory.size, cell.size)),
      );
    const available = row ? row.pairs - row.reserved : 0;
    if (available < cell.quantity) {
      return `Stock insuficiente para ${cell.ref} talla ${cell.size} en ${locationName}: disponibles ${Math.max(0, available)}, solicitados ${cell.quantity}`;
    }
  }
  return "No hay stock suficiente para el cambio";
}
