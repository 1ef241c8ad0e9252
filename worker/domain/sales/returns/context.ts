// A sale return's reads and checks before it writes: the sale, its lines valued, the return window.

import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, locations, products, saleItems, saleReturns, sales } from "../../../db/schema";
import { numberingRuleHolds } from "../../fiscal/numbering";
import { returnedShare } from "../../fiscal/tax";
import { conflict, forbidden, invalid } from "../../shared/errors";
import { bogotaDate } from "../../shared/time";
import { drawerCashSql } from "../../till/cash-exits";
import { tillRuleHolds } from "../../till/rule";
import { administradorByPin } from "../price-authority";
import type { NewReturn, Product, ReturnActor } from "./types";

/** Everything the return needs, in one read batch. */
export async function readReturnContext(db: Db, actor: ReturnActor, input: NewReturn) {
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
        // an exchange is a new sale: it takes a number of the store's range when the company requires one
        numbered: sql<number>`${numberingRuleHolds(actor.companyId, saleLocation, bogotaDate())}`.as("numbered"),
        held: sql<number | null>`${drawerCashSql(saleLocation)}`.as("drawer_held"),
      })
      .from(companies)
      .where(eq(companies.id, actor.companyId)),
  ]);
  return {
    tillHolds: Boolean(till?.holds),
    numberingHolds: Boolean(till?.numbered),
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
export function linesValued(
  input: NewReturn,
  sale: typeof sales.$inferSelect,
  items: (typeof saleItems.$inferSelect)[],
) {
  if (input.lines.length === 0) throw invalid("Elige al menos una línea para devolver");
  const seen = new Set<number>();
  return input.lines.map((line) => {
    if (seen.has(line.sale_item_id)) throw invalid("Una línea de la venta aparece dos veces en la devolución");
    seen.add(line.sale_item_id);
    const item = items.find((i) => i.id === line.sale_item_id);
    if (!item) throw invalid(`La línea ${line.sale_item_id} no es de la venta #${sale.id}`);
    const left = item.quantity - item.returnedQuantity;
    if (line.quantity > left) {
      throw conflict(
        left === 0
          ? `${item.sneakerReferenceCode} talla ${item.size} ya se devolvió completo`
          : `Solo quedan ${left} de ${item.sneakerReferenceCode} talla ${item.size} por devolver (se pidieron ${line.quantity})`,
      );
    }
    const share = returnedShare(
      { quantity: item.quantity, returned: item.returnedQuantity, net: item.netAmount, tax: item.taxAmount },
      line.quantity,
    );
    return { ...line, item, amount: share.amount, taxBase: share.base, taxAmount: share.tax };
  });
}

export type ValuedLine = ReturnType<typeof linesValued>[number];

/** Refuses a sale that cannot take returns, and one past the window without an administrador's PIN. */
export async function assertReturnable(
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
