// IVA generated per period and store, net of returns (issue 36): what the bookkeeper declares. Sales count
// on their sale date (rejected ones never), returns on the day they came back, each with the base and IVA
// its lines stored (domain/fiscal/tax.ts): nothing is recomputed.
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { TaxClass } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { locations, saleItems, saleReturnItems, saleReturns, sales } from "../../db/schema";
import { notFound } from "../shared/errors";
import { bogotaDayRange } from "../shared/time";

type Key = `${number}:${TaxClass}`;

export async function vatReport(
  db: Db,
  companyId: number,
  startDay: string,
  endDay: string,
  locationId: number | null,
) {
  const start = bogotaDayRange(startDay).start;
  const end = bogotaDayRange(endDay).end;
  const sold = and(
    eq(sales.companyId, companyId),
    eq(sales.status, "completed"),
    gte(sales.saleDate, start),
    lt(sales.saleDate, end),
    locationId === null ? undefined : eq(sales.locationId, locationId),
  ) as SQL;
  const returned = and(
    eq(saleReturns.companyId, companyId),
    gte(saleReturns.createdAt, start),
    lt(saleReturns.createdAt, end),
    locationId === null ? undefined : eq(saleReturns.locationId, locationId),
  ) as SQL;
  // per store and class: the rate and the sums of a base column and an IVA column
  const sums = (base: SQLiteColumn, tax: SQLiteColumn) => ({
    taxClass: saleItems.taxClass,
    rate: sql<number>`MAX(${saleItems.taxRate})`.as("rate"),
    base: sql<number>`SUM(${base})`.as("base"),
    tax: sql<number>`SUM(${tax})`.as("tax"),
  });
  const [salesRows, returnRows, places] = await db.batch([
    db
      .select({ locationId: sales.locationId, ...sums(saleItems.taxBase, saleItems.taxAmount) })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(sold)
      .groupBy(sales.locationId, saleItems.taxClass),
    db
      .select({ locationId: saleReturns.locationId, ...sums(saleReturnItems.taxBase, saleReturnItems.taxAmount) })
      .from(saleReturnItems)
      .innerJoin(saleReturns, eq(saleReturns.id, saleReturnItems.returnId))
      .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
      .where(returned)
      .groupBy(saleReturns.locationId, saleItems.taxClass),
    db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.companyId, companyId)),
  ]);
  const names = new Map(places.map((p) => [p.id, p.name]));
  if (locationId !== null && !names.has(locationId)) throw notFound("Ubicación no encontrada");
  const rows = new Map<
    Key,
    { locationId: number; taxClass: TaxClass; rate: number; sold: [number, number]; back: [number, number] }
  >();
  const entry = (r: { locationId: number; taxClass: TaxClass; rate: number }) => {
    const key: Key = `${r.locationId}:${r.taxClass}`;
    const found = rows.get(key) ?? {
      locationId: r.locationId,
      taxClass: r.taxClass,
      rate: Number(r.rate),
      sold: [0, 0],
      back: [0, 0],
    };
    rows.set(key, found);
    return found;
  };
  for (const r of salesRows) entry(r).sold = [Number(r.base), Number(r.tax)];
  for (const r of returnRows) entry(r).back = [Number(r.base), Number(r.tax)];
  const pesos = (centavos: number) => centavos / 100;
  const lines = [...rows.values()]
    .sort(
      (a, b) => (names.get(a.locationId) ?? "").localeCompare(names.get(b.locationId) ?? "", "es") || b.rate - a.rate,
    )
    .map((r) => ({
      location_id: r.locationId,
      location_name: names.get(r.locationId) ?? `#${r.locationId}`,
      tax_class: r.taxClass,
      rate: r.rate / 100,
      sales_base: pesos(r.sold[0]),
      sales_tax: pesos(r.sold[1]),
      returns_base: pesos(r.back[0]),
      returns_tax: pesos(r.back[1]),
      net_base: pesos(r.sold[0] - r.back[0]),
      net_tax: pesos(r.sold[1] - r.back[1]),
    }));
  const sum = (pick: (l: (typeof lines)[number]) => number) =>
    Math.round(lines.reduce((acc, l) => acc + pick(l) * 100, 0)) / 100;
  return {
    start_date: startDay,
    end_date: endDay,
    location_id: locationId,
    lines,
    totals: {
      sales_base: sum((l) => l.sales_base),
      sales_tax: sum((l) => l.sales_tax),
      returns_base: sum((l) => l.returns_base),
      returns_tax: sum((l) => l.returns_tax),
      net_base: sum((l) => l.net_base),
      net_tax: sum((l) => l.net_tax),
    },
  };
}
