// Keeps the daily sales rollups in step with sales: every statement here joins the batch that writes
// (or rejects) the sale, with sign +1 or −1.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsPerStatement } from "../../db/limits";
import { salesDaily, salesDailyGoods, salesDailyPayments, salesDailyProducts, salesDailySizes } from "../../db/schema";
import { INVARIANT_SQL } from "../shared/invariant-sql";
import { RETURNED_LINE_GOODS, ROLLUP_REBUILD_SQL, SIZE_LINE, SIZE_SUMS, SOLD_LINE_GOODS } from "./rollup-sql";

// Most values bound per upserted row (brand and model looked up by subqueries of two values each); a
// unit test holds them to drizzle's SQL.
export const ROLLUP_PRODUCT_PARAMS = 10;
export const ROLLUP_PAYMENT_PARAMS = 6;

export interface RollupSale {
  companyId: number;
  /** the sale's id, or SQL naming the sale inserted earlier in the same batch: its lines give the goods */
  saleId: number | SQL<number>;
  day: string;
  locationId: number;
  sellerId: number;
  totalAmount: number;
  /** brand and model may be SQL that looks them up in the same batch (see sales.ts) */
  lines: {
    referenceCode: string;
    brand: string | SQL<string>;
    model: string | SQL<string>;
    quantity: number;
    subtotal: number;
  }[];
  payments: { paymentType: string; amount: number }[];
}

type RollupBase = { companyId: number; day: string; locationId: number };
type ProductRow = RollupBase & {
  referenceCode: string;
  brand: string | SQL<string>;
  model: string | SQL<string>;
  units: number;
  revenue: number;
};
type PaymentRow = RollupBase & { paymentType: string; paymentsCount: number; amount: number };

// multi-row upserts: the rows are already summed per reference and per payment type, so no two
// candidate rows of a statement hit the same key
function productUpserts(db: Db, rows: ProductRow[]) {
  return rowsPerStatement(rows, ROLLUP_PRODUCT_PARAMS).map((chunk) =>
    db
      .insert(salesDailyProducts)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          salesDailyProducts.companyId,
          salesDailyProducts.day,
          salesDailyProducts.locationId,
          salesDailyProducts.referenceCode,
        ],
        set: {
          units: sql`${salesDailyProducts.units} + excluded.units`,
          revenue: sql`${salesDailyProducts.revenue} + excluded.revenue`,
        },
      }),
  );
}

function paymentUpserts(db: Db, rows: PaymentRow[]) {
  return rowsPerStatement(rows, ROLLUP_PAYMENT_PARAMS).map((chunk) =>
    db
      .insert(salesDailyPayments)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          salesDailyPayments.companyId,
          salesDailyPayments.day,
          salesDailyPayments.locationId,
          salesDailyPayments.paymentType,
        ],
        set: {
          paymentsCount: sql`${salesDailyPayments.paymentsCount} + excluded.payments_count`,
          amount: sql`${salesDailyPayments.amount} + excluded.amount`,
        },
      }),
  );
}

function dailyUpsert(db: Db, row: typeof salesDaily.$inferInsert) {
  return db
    .insert(salesDaily)
    .values(row)
    .onConflictDoUpdate({
      target: [salesDaily.companyId, salesDaily.day, salesDaily.locationId, salesDaily.sellerId],
      set: {
        salesCount: sql`${salesDaily.salesCount} + excluded.sales_count`,
        totalAmount: sql`${salesDaily.totalAmount} + excluded.total_amount`,
        returnsCount: sql`${salesDaily.returnsCount} + excluded.returns_count`,
        returnedAmount: sql`${salesDaily.returnedAmount} + excluded.returned_amount`,
      },
    });
}

/**
 * Adds the goods of some lines (a SELECT of cogs, costed, uncosted, uncosted_units) to a day's row. It reads
 * the lines written earlier in the same batch, so the cost is the one recorded on each line.
 */
function goodsUpsert(db: Db, base: RollupBase, sign: 1 | -1, lines: SQL) {
  const g = salesDailyGoods;
  // the columns in the table's order; WHERE true keeps SQLite from reading ON CONFLICT as a join's ON
  return db
    .insert(g)
    .select(
      sql`SELECT ${base.companyId}, ${base.day}, ${base.locationId}, ${sign} * COALESCE(SUM(x.cogs), 0),
        ${sign} * COALESCE(SUM(x.costed), 0), ${sign} * COALESCE(SUM(x.uncosted), 0),
        ${sign} * COALESCE(SUM(x.uncosted_units), 0)
      FROM (${lines}) AS x WHERE true`,
    )
    .onConflictDoUpdate({
      target: [g.companyId, g.day, g.locationId],
      set: {
        cogs: sql`${g.cogs} + excluded.cogs`,
        costedRevenue: sql`${g.costedRevenue} + excluded.costed_revenue`,
        uncostedRevenue: sql`${g.uncostedRevenue} + excluded.uncosted_revenue`,
        uncostedUnits: sql`${g.uncostedUnits} + excluded.uncosted_units`,
      },
    });
}

/**
 * Adds some lines (SELECT … FROM of SIZE_LINE's aliases, with its signed units as u) to the size rollup,
 * one row per day, location, product and size; it reads the lines as they are when the batch runs.
 */
function sizesUpsert(db: Db, lines: SQL) {
  const t = salesDailySizes;
  return db
    .insert(t)
    .select(sql`${sql.raw(SIZE_SUMS)} FROM (${lines}) AS x WHERE product_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5`)
    .onConflictDoUpdate({
      target: [t.companyId, t.day, t.locationId, t.productId, t.size],
      set: {
        units: sql`${t.units} + excluded.units`,
        netAmount: sql`${t.netAmount} + excluded.net_amount`,
        taxBase: sql`${t.taxBase} + excluded.tax_base`,
        costedBase: sql`${t.costedBase} + excluded.costed_base`,
        cost: sql`${t.cost} + excluded.cost`,
        uncostedUnits: sql`${t.uncostedUnits} + excluded.uncosted_units`,
      },
    });
}

/** Lines summed per reference, so one upsert row per reference. */
function perReference(lines: RollupSale["lines"]) {
  const totals = new Map<string, RollupSale["lines"][number]>();
  for (const line of lines) {
    const current = totals.get(line.referenceCode);
    totals.set(
      line.referenceCode,
      current
        ? { ...current, quantity: current.quantity + line.quantity, subtotal: current.subtotal + line.subtotal }
        : { ...line },
    );
  }
  return [...totals.values()];
}

export function rollupStatements(db: Db, sale: RollupSale, sign: 1 | -1) {
  const base = { companyId: sale.companyId, day: sale.day, locationId: sale.locationId };
  const daily = dailyUpsert(db, {
    ...base,
    sellerId: sale.sellerId,
    salesCount: sign,
    totalAmount: sign * sale.totalAmount,
  });
  const products = productUpserts(
    db,
    perReference(sale.lines).map((line) => ({
      ...base,
      referenceCode: line.referenceCode,
      brand: line.brand,
      model: line.model,
      units: sign * line.quantity,
      revenue: sign * line.subtotal,
    })),
  );
  const paymentTotals = new Map<string, number>();
  for (const p of sale.payments) paymentTotals.set(p.paymentType, (paymentTotals.get(p.paymentType) ?? 0) + p.amount);
  const payments = paymentUpserts(
    db,
    [...paymentTotals].map(([paymentType, amount]) => ({
      ...base,
      paymentType,
      paymentsCount: sign,
      amount: sign * amount,
    })),
  );
  const goods = goodsUpsert(
    db,
    base,
    sign,
    sql`SELECT ${sql.raw(SOLD_LINE_GOODS)} FROM sales s JOIN sale_items i ON i.sale_id = s.id WHERE s.id = ${sale.saleId}`,
  );
  // the units not yet brought back: a rejection takes off only what a return left
  const sizes = sizesUpsert(
    db,
    sql`SELECT ${sql.raw(SIZE_LINE)}, ${sign} * (i.quantity - i.returned_quantity) AS u
        FROM sales s JOIN sale_items i ON i.sale_id = s.id WHERE s.id = ${sale.saleId}`,
  );
  return [daily, ...products, ...payments, goods, sizes];
}

export interface RollupReturn {
  companyId: number;
  /** SQL naming the return inserted earlier in the same batch (or its id): its lines give the goods */
  returnId: number | SQL<number>;
  /** the day the units came back */
  day: string;
  /** the sale's store and seller */
  locationId: number;
  sellerId: number;
  /** money given back (by refundMethod) and credit given to an exchange sale (nota_credito), centavos */
  refund: number;
  refundMethod: string | null;
  credit: number;
  /** quantity and the pre-discount value (unit price × quantity), as sales count them */
  lines: { referenceCode: string; brand: string; model: string; quantity: number; subtotal: number }[];
}

/**
 * A return nets the figures of its day: the seller's total, the references' units and revenue, the refund's
 * method; and the size rollup's row of its sale's day.
 */
export function returnRollupStatements(db: Db, back: RollupReturn) {
  const base = { companyId: back.companyId, day: back.day, locationId: back.locationId };
  const given = back.refund + back.credit;
  const daily = dailyUpsert(db, {
    ...base,
    sellerId: back.sellerId,
    salesCount: 0,
    totalAmount: -given,
    returnsCount: 1,
    returnedAmount: given,
  });
  const products = productUpserts(
    db,
    perReference(back.lines).map((line) => ({
      ...base,
      referenceCode: line.referenceCode,
      brand: line.brand,
      model: line.model,
      units: -line.quantity,
      revenue: -line.subtotal,
    })),
  );
  const paymentRows: PaymentRow[] = [];
  if (back.refund > 0 && back.refundMethod) {
    paymentRows.push({ ...base, paymentType: back.refundMethod, paymentsCount: 0, amount: -back.refund });
  }
  if (back.credit > 0)
    paymentRows.push({ ...base, paymentType: "nota_credito", paymentsCount: 0, amount: -back.credit });
  const goods = goodsUpsert(
    db,
    base,
    1,
    sql`SELECT ${sql.raw(RETURNED_LINE_GOODS)} FROM sale_return_items ri JOIN sale_items i ON i.id = ri.sale_item_id
        WHERE ri.return_id = ${back.returnId}`,
  );
  // on the sale's day, and only while the sale counts (a rejected sale has left the rollup already)
  const sizes = sizesUpsert(
    db,
    sql`SELECT ${sql.raw(SIZE_LINE)}, -ri.quantity AS u
        FROM sale_return_items ri JOIN sale_items i ON i.id = ri.sale_item_id JOIN sales s ON s.id = i.sale_id
        WHERE ri.return_id = ${back.returnId} AND s.status = 'completed'`,
  );
  return [daily, ...products, ...paymentUpserts(db, paymentRows), goods, sizes];
}

/** Rollup rows (daily, goods per day, sizes per day) that disagree with the sales they summarise (always empty). */
export async function rollupMismatches(db: Db) {
  type Row = { company_id: number; day: string; location_id: number; seller_id?: number; product_id?: number };
  const [daily, goods, sizes] = await Promise.all([
    db.all<Row>(sql.raw(INVARIANT_SQL["resúmenes diarios = ventas que resumen"])),
    db.all<Row>(sql.raw(INVARIANT_SQL["costo de la mercancía diario = líneas que resume"])),
    db.all<Row>(sql.raw(INVARIANT_SQL["ventas por talla diarias = líneas que resume"])),
  ]);
  return [...daily, ...goods, ...sizes];
}

/** Recomputes the rollups of one company from its sales (after an import, or to repair), in one batch. */
export async function rebuildRollups(db: Db, companyId: number) {
  const d1 = db.$client;
  await d1.batch(ROLLUP_REBUILD_SQL.map((text) => d1.prepare(text).bind(companyId)));
}
