// Keeps the daily sales rollups in step with sales: every statement here joins the batch that writes
// (or rejects) the sale, with sign +1 or −1.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsPerStatement } from "../db/limits";
import { salesDaily, salesDailyPayments, salesDailyProducts } from "../db/schema";
import { INVARIANT_SQL } from "./invariant-sql";
import { ROLLUP_REBUILD_SQL } from "./rollup-sql";

// Most values bound per upserted row (brand and model looked up by subqueries of two values each); a
// unit test holds them to drizzle's SQL.
export const ROLLUP_PRODUCT_PARAMS = 10;
export const ROLLUP_PAYMENT_PARAMS = 6;

export interface RollupSale {
  companyId: number;
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

export function rollupStatements(db: Db, sale: RollupSale, sign: 1 | -1) {
  const base = { companyId: sale.companyId, day: sale.day, locationId: sale.locationId };
  const daily = db
    .insert(salesDaily)
    .values({ ...base, sellerId: sale.sellerId, salesCount: sign, totalAmount: sign * sale.totalAmount })
    .onConflictDoUpdate({
      target: [salesDaily.companyId, salesDaily.day, salesDaily.locationId, salesDaily.sellerId],
      set: {
        salesCount: sql`${salesDaily.salesCount} + excluded.sales_count`,
        totalAmount: sql`${salesDaily.totalAmount} + excluded.total_amount`,
      },
    });
  const productTotals = new Map<string, RollupSale["lines"][number]>();
  for (const line of sale.lines) {
    const current = productTotals.get(line.referenceCode);
    productTotals.set(
      line.referenceCode,
      current
        ? { ...current, quantity: current.quantity + line.quantity, subtotal: current.subtotal + line.subtotal }
        : { ...line },
    );
  }
  // multi-row upserts: the lines are already summed per reference and per payment type, so no two
  // candidate rows of a statement hit the same key
  const productRows = [...productTotals.values()].map((line) => ({
    ...base,
    referenceCode: line.referenceCode,
    brand: line.brand,
    model: line.model,
    units: sign * line.quantity,
    revenue: sign * line.subtotal,
  }));
  const products = rowsPerStatement(productRows, ROLLUP_PRODUCT_PARAMS).map((rows) =>
    db
      .insert(salesDailyProducts)
      .values(rows)
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
  const paymentTotals = new Map<string, number>();
  for (const p of sale.payments) paymentTotals.set(p.paymentType, (paymentTotals.get(p.paymentType) ?? 0) + p.amount);
  const paymentRows = [...paymentTotals].map(([paymentType, amount]) => ({
    ...base,
    paymentType,
    paymentsCount: sign,
    amount: sign * amount,
  }));
  const payments = rowsPerStatement(paymentRows, ROLLUP_PAYMENT_PARAMS).map((rows) =>
    db
      .insert(salesDailyPayments)
      .values(rows)
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
  return [daily, ...products, ...payments];
}

/** Rollup rows that disagree with the sales they summarise (should always be empty). */
export function rollupMismatches(db: Db) {
  return db.all<{ company_id: number; day: string; location_id: number; seller_id: number }>(
    sql.raw(INVARIANT_SQL["resúmenes diarios = ventas que resumen"]),
  );
}

/** Recomputes the rollups of one company from its sales (after an import, or to repair), in one batch. */
export async function rebuildRollups(db: Db, companyId: number) {
  const d1 = db.$client;
  await d1.batch(ROLLUP_REBUILD_SQL.map((text) => d1.prepare(text).bind(companyId)));
}
