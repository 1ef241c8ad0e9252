// What to reorder (issue 37): the reorder suggestion per location × product × size, the size curve, and
// the sales and margin per product. Read-only reports over existing rows, each one D1 batch.
// Definitions shared by the three:
// - a sale counts when 'completed'; its lines count net of what customers brought back of them
//   (`sale_items.returned_quantity`, whenever they came back), on the sale's date; the reports read them
//   from the size rollup that every sale, rejection and return keeps (reorder-reads.ts), not from the lines;
// - days are Bogotá calendar days; a window of N days ends on `asOf` and includes it;
// - "disponible" (available) = pairs − pairs reserved for accepted transfers + exhibition units (the
//   definition of "poco stock", domain/stock/low-stock.ts); single feet are not counted.
// Formulas (docs/purchasing.md, "Qué reponer y curva de tallas"):
// - velocity = net units sold in the window ÷ window days;
// - minimum = the product's alert minimum at the location shared equally among its sizes there, rounded up;
// - target = velocity × (lead time + REVIEW_DAYS) + minimum;
// - suggested = max(0, ⌈target − available − in transit⌉).
import { and, eq, sql } from "drizzle-orm";
import type { Category } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { inventory, inventoryAlerts, locations, products, suppliers } from "../../db/schema";
import { notFound } from "../shared/errors";
import { wholePesos } from "../shared/money";
import {
  inTransitPerSize,
  productNames,
  soldCells,
  soldPerProduct,
  soldPerSize,
  stockCells,
  stockPerSize,
  transitCells,
} from "./reorder-reads";

/** Days between two orders: the suggestion covers the lead time plus this review period. */
export const REVIEW_DAYS = 7;
/** The lead time when no supplier is named. */
export const DEFAULT_LEAD_TIME_DAYS = 7;
/** The core sizes of a run: the best-selling sizes that together make this share of its sales. */
export const CORE_SALES_SHARE = 0.6;
export { IN_TRANSIT_STATUSES } from "./reorder-reads";

/** The first day of a window of `days` days ending on `asOf` ('YYYY-MM-DD'). */
export function windowStart(asOf: string, days: number): string {
  return new Date(Date.parse(`${asOf}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export interface ReorderInput {
  unitsSold: number;
  windowDays: number;
  leadTimeDays: number;
  minimum: number;
  available: number;
  inTransit: number;
  reviewDays?: number;
}

/** The reorder formula: velocity, target stock and the suggested quantity (never negative, whole pairs). */
export function reorderQuantity(i: ReorderInput) {
  const velocity = Math.max(0, i.unitsSold) / i.windowDays;
  const target = velocity * (i.leadTimeDays + (i.reviewDays ?? REVIEW_DAYS)) + i.minimum;
  // 1e-9 absorbs floating error (3 × 7 / 7 must not round up to 4)
  const suggested = Math.max(0, Math.ceil(target - i.available - i.inTransit - 1e-9));
  return { velocity, target, suggested };
}

export interface MinimumRule {
  locationId: number;
  productReference: string | null;
  thresholdValue: number;
}

/**
 * The minimum of a product at a location: its active alert naming the product, else the location's
 * general alert (the highest when several apply), else 0.
 */
export function minimumFor(rules: readonly MinimumRule[], locationId: number, reference: string): number {
  const here = rules.filter((r) => r.locationId === locationId);
  const named = here.filter((r) => r.productReference === reference);
  const pick = named.length > 0 ? named : here.filter((r) => !r.productReference);
  return pick.length === 0 ? 0 : Math.max(...pick.map((r) => r.thresholdValue));
}

/**
 * The alert's minimum is of the product at the location (as "poco stock" reads it): each size takes an
 * equal share of it, rounded up (8 over 4 sizes: 2 each; 3 over 4 sizes: 1 each).
 */
export function minimumPerSize(productMinimum: number, sizes: number): number {
  return sizes <= 0 || productMinimum <= 0 ? 0 : Math.ceil(productMinimum / sizes);
}

// One collator each (what localeCompare builds on every call): the reports sort hundreds of rows.
const byName = new Intl.Collator("es").compare;
const byCode = new Intl.Collator().compare;

/** Sizes in shoe order: numbers by value ("36.5" before "37"), then the rest alphabetically. */
export function compareSizes(a: string, b: string): number {
  const x = Number(a.replace(",", "."));
  const y = Number(b.replace(",", "."));
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  if (Number.isFinite(x)) return -1;
  if (Number.isFinite(y)) return 1;
  return byName(a, b);
}

/** The core sizes of a run: by units sold, the fewest best sellers that make CORE_SALES_SHARE of sales. */
export function coreSizes(sold: ReadonlyMap<string, number>): string[] {
  const ranked = [...sold].filter(([, u]) => u > 0).sort((a, b) => b[1] - a[1] || compareSizes(a[0], b[0]));
  const total = ranked.reduce((acc, [, u]) => acc + u, 0);
  const core: string[] = [];
  let covered = 0;
  for (const [size, units] of ranked) {
    if (total === 0 || covered >= CORE_SALES_SHARE * total - 1e-9) break;
    core.push(size);
    covered += units;
  }
  return core;
}

/**
 * A broken size run ("quedan tallas sueltas"): among the sizes that sold, a core size has nothing
 * available while another size of the product still has stock. Returns the core sizes that ran out
 * (empty: the run is whole, or the product is out of every size).
 */
export function brokenRun(sold: ReadonlyMap<string, number>, available: ReadonlyMap<string, number>): string[] {
  const out = coreSizes(sold).filter((s) => (available.get(s) ?? 0) <= 0);
  const anyLeft = [...available.values()].some((a) => a > 0);
  return anyLeft ? out.sort(compareSizes) : [];
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const round2 = (x: number) => Math.round(x * 100) / 100;

const companyLocations = (db: Db, companyId: number) =>
  db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.companyId, companyId));

function namesOrNotFound(rows: { id: number; name: string }[], locationId: number | undefined) {
  const names = new Map(rows.map((r) => [r.id, r.name]));
  if (locationId !== undefined && !names.has(locationId)) throw notFound("Ubicación no encontrada");
  return names;
}

export interface ReorderOptions {
  locationId?: number;
  windowDays: number;
  asOf: string;
  supplierId?: number;
  /** every row, also those with nothing to suggest */
  all?: boolean;
}

/**
 * The reorder suggestion per location × product × size: each cell that sold in the window, or that has
 * a minimum, with its velocity, stock, pairs on their way and the suggested quantity (docs/purchasing.md).
 */
export async function reorderSuggestions(db: Db, companyId: number, o: ReorderOptions) {
  const start = windowStart(o.asOf, o.windowDays);
  const [sold, stock, transit, rules, places, supplier, productRows] = await db.batch([
    soldPerSize(db, companyId, { start, end: o.asOf, locationId: o.locationId }),
    stockPerSize(db, companyId, o.locationId),
    inTransitPerSize(db, companyId, o.locationId),
    db
      .select({
        locationId: inventoryAlerts.locationId,
        productReference: inventoryAlerts.productReference,
        thresholdValue: inventoryAlerts.thresholdValue,
      })
      .from(inventoryAlerts)
      .where(and(eq(inventoryAlerts.companyId, companyId), eq(inventoryAlerts.isActive, true))),
    companyLocations(db, companyId),
    db
      .select({ leadTimeDays: suppliers.leadTimeDays })
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, o.supplierId ?? 0))),
    productNames(db, companyId),
  ]);
  const names = namesOrNotFound(places, o.locationId);
  if (o.supplierId !== undefined && supplier.length === 0) throw notFound("Proveedor no encontrado");
  const leadTimeDays = supplier[0]?.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;

  type Cell = {
    locationId: number;
    productId: number;
    size: string;
    units: number;
    onHand: number;
    available: number;
    inTransit: number;
  };
  const cells = new Map<string, Cell>();
  const cell = (locationId: number, productId: number, size: string) => {
    const key = `${locationId}:${productId}:${size}`;
    let c = cells.get(key);
    if (!c) {
      c = { locationId, productId, size, units: 0, onHand: 0, available: 0, inTransit: 0 };
      cells.set(key, c);
    }
    return c;
  };
  for (const r of soldCells(sold)) cell(r.locationId, r.productId, r.size).units = r.units;
  for (const r of stockCells(stock)) {
    const c = cell(r.locationId, r.productId, r.size);
    c.onHand = r.onHand;
    c.available = r.available;
  }
  for (const r of transitCells(transit)) cell(r.locationId, r.productId, r.size).inTransit = r.pairs;

  const catalogue = new Map(productRows.map((p) => [p.id, p]));
  // sizes of each product at each location (cells, sales or transfers): the minimum is shared among them
  const sizesOf = new Map<string, number>();
  for (const c of cells.values()) {
    const key = `${c.locationId}:${c.productId}`;
    sizesOf.set(key, (sizesOf.get(key) ?? 0) + 1);
  }
  const rows = [];
  for (const c of cells.values()) {
    const product = catalogue.get(c.productId);
    if (!product) continue;
    const minimum = minimumPerSize(
      minimumFor(rules, c.locationId, product.reference),
      sizesOf.get(`${c.locationId}:${c.productId}`) ?? 0,
    );
    if (c.units <= 0 && minimum <= 0) continue;
    const f = reorderQuantity({
      unitsSold: c.units,
      windowDays: o.windowDays,
      leadTimeDays,
      minimum,
      available: c.available,
      inTransit: c.inTransit,
    });
    if (!o.all && f.suggested <= 0) continue;
    rows.push({
      location_id: c.locationId,
      location_name: names.get(c.locationId) ?? `#${c.locationId}`,
      product_id: c.productId,
      reference_code: product.reference,
      brand: product.brand,
      model: product.model,
      color: product.color,
      size: c.size,
      units_sold: c.units,
      daily_velocity: round2(f.velocity),
      on_hand: c.onHand,
      available: c.available,
      in_transit: c.inTransit,
      minimum,
      target: round2(f.target),
      suggested: f.suggested,
    });
  }
  rows.sort(
    (a, b) =>
      b.suggested - a.suggested ||
      byName(a.location_name, b.location_name) ||
      byCode(a.reference_code, b.reference_code) ||
      compareSizes(a.size, b.size),
  );
  return {
    as_of: o.asOf,
    start_date: start,
    window_days: o.windowDays,
    lead_time_days: leadTimeDays,
    review_days: REVIEW_DAYS,
    supplier_id: o.supplierId ?? null,
    rows,
    total_suggested: rows.reduce((acc, r) => acc + r.suggested, 0),
  };
}

export interface SizeCurveOptions {
  productId?: number;
  brand?: string;
  category?: Category;
  locationId?: number;
  windowDays: number;
  asOf: string;
}

/**
 * The size curve of a product, a brand or a category (all products when none is told): per size, the
 * share of net units sold in the window against the share of available stock, company-wide and per
 * location, and each location's broken runs per product ("quedan tallas sueltas", see brokenRun).
 */
export async function sizeCurve(db: Db, companyId: number, o: SizeCurveOptions) {
  const start = windowStart(o.asOf, o.windowDays);
  const chosen = and(
    o.productId === undefined ? undefined : eq(products.id, o.productId),
    o.brand === undefined ? undefined : sql`lower(${products.brand}) = lower(${o.brand})`,
    o.category === undefined ? undefined : eq(products.category, o.category),
  );
  const [soldRow, stockRow, places, productRows] = await db.batch([
    soldPerSize(db, companyId, { start, end: o.asOf, locationId: o.locationId }, chosen),
    stockPerSize(db, companyId, o.locationId, chosen),
    companyLocations(db, companyId),
    productNames(db, companyId, chosen),
  ]);
  const sold = soldCells(soldRow);
  const stock = stockCells(stockRow);
  const names = namesOrNotFound(places, o.locationId);
  if (o.productId !== undefined && sold.length === 0 && stock.length === 0) {
    // a product of another company (or one never sold nor stocked) reads as not found
    const [own] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, o.productId)));
    if (!own) throw notFound("Producto no encontrado");
  }
  const productInfo = new Map(productRows.map((p) => [p.id, p]));

  // location → product → size → { sold, available }
  const tree = new Map<number, Map<number, Map<string, { sold: number; available: number }>>>();
  const at = (locationId: number, productId: number, size: string) => {
    const byProduct = tree.get(locationId) ?? new Map();
    tree.set(locationId, byProduct);
    const bySize = byProduct.get(productId) ?? new Map();
    byProduct.set(productId, bySize);
    const entry = bySize.get(size) ?? { sold: 0, available: 0 };
    bySize.set(size, entry);
    return entry;
  };
  for (const r of sold) at(r.locationId, r.productId, r.size).sold = r.units;
  for (const r of stock) at(r.locationId, r.productId, r.size).available = r.available;

  const curve = (bySize: Map<string, { sold: number; available: number }>) => {
    const soldTotal = [...bySize.values()].reduce((acc, x) => acc + Math.max(0, x.sold), 0);
    const stockTotal = [...bySize.values()].reduce((acc, x) => acc + Math.max(0, x.available), 0);
    return [...bySize]
      .sort((a, b) => compareSizes(a[0], b[0]))
      .map(([size, x]) => ({
        size,
        units_sold: x.sold,
        sales_share: pct(Math.max(0, x.sold), soldTotal),
        available: x.available,
        stock_share: pct(Math.max(0, x.available), stockTotal),
      }));
  };
  const addInto = (
    into: Map<string, { sold: number; available: number }>,
    from: Map<string, { sold: number; available: number }>,
  ) => {
    for (const [size, x] of from) {
      const e = into.get(size) ?? { sold: 0, available: 0 };
      e.sold += x.sold;
      e.available += x.available;
      into.set(size, e);
    }
  };

  const overall = new Map<string, { sold: number; available: number }>();
  const perLocation = [...tree]
    .map(([locationId, byProduct]) => {
      const sizes = new Map<string, { sold: number; available: number }>();
      const broken = [];
      for (const [productId, bySize] of byProduct) {
        addInto(sizes, bySize);
        const missing = brokenRun(
          new Map([...bySize].map(([s, x]) => [s, x.sold])),
          new Map([...bySize].map(([s, x]) => [s, x.available])),
        );
        const info = productInfo.get(productId);
        if (missing.length > 0)
          broken.push({
            product_id: productId,
            reference_code: info?.reference ?? `#${productId}`,
            brand: info?.brand ?? "",
            model: info?.model ?? "",
            missing_sizes: missing,
            sizes_left: [...bySize]
              .filter(([, x]) => x.available > 0)
              .map(([s]) => s)
              .sort(compareSizes),
          });
      }
      addInto(overall, sizes);
      broken.sort((a, b) => byCode(a.reference_code, b.reference_code));
      return {
        location_id: locationId,
        location_name: names.get(locationId) ?? `#${locationId}`,
        sizes: curve(sizes),
        broken: broken.length > 0,
        broken_runs: broken,
      };
    })
    .filter((l) => l.sizes.some((s) => s.units_sold !== 0 || s.available !== 0))
    .sort((a, b) => byName(a.location_name, b.location_name));
  return {
    as_of: o.asOf,
    start_date: start,
    window_days: o.windowDays,
    core_sales_share: CORE_SALES_SHARE * 100,
    sizes: curve(overall),
    locations: perLocation,
    broken_count: perLocation.reduce((acc, l) => acc + l.broken_runs.length, 0),
  };
}

export interface MarginOptions {
  start: string;
  end: string;
  locationId?: number;
}

/** Sell-through: units sold ÷ (units sold + on hand), in %; null when both are 0. */
export function sellThrough(units: number, onHand: number): number | null {
  const whole = Math.max(0, units) + Math.max(0, onHand);
  return whole === 0 ? null : pct(Math.max(0, units), whole);
}

/** Days the stock lasts at the range's pace: on hand ÷ (units ÷ days); null when nothing sold. */
export function daysOfStock(onHand: number, units: number, days: number): number | null {
  return units <= 0 ? null : Math.round((Math.max(0, onHand) / (units / days)) * 10) / 10;
}

/**
 * Sales and margin per product in a range: net units, net sales with IVA and their base without IVA,
 * cost at each line's cost when sold, margin on the base of the lines with a cost, sell-through and
 * days of stock against today's stock. Returns net each line by its returned share (pro rata).
 */
export async function productMarginReport(db: Db, companyId: number, o: MarginOptions) {
  const [sold, stock, places] = await db.batch([
    soldPerProduct(db, companyId, { start: o.start, end: o.end, locationId: o.locationId }),
    db
      .select({
        productId: inventory.productId,
        onHand: sql<number>`SUM(${inventory.pairs} + ${inventory.exhibition})`,
      })
      .from(inventory)
      .where(
        and(
          eq(inventory.companyId, companyId),
          o.locationId === undefined ? undefined : eq(inventory.locationId, o.locationId),
        ),
      )
      .groupBy(inventory.productId),
    companyLocations(db, companyId),
  ]);
  namesOrNotFound(places, o.locationId);
  const onHand = new Map(stock.map((s) => [s.productId, Number(s.onHand)]));
  const days = Math.round((Date.parse(o.end) - Date.parse(o.start)) / 86_400_000) + 1;
  const products_ = sold
    .map((r) => {
      const units = Number(r.units);
      const here = onHand.get(r.productId) ?? 0;
      const costedBase = Math.round(Number(r.costedBase));
      const cost = Number(r.cost);
      const margin = costedBase - cost;
      return {
        product_id: r.productId,
        reference_code: r.reference,
        brand: r.brand,
        model: r.model,
        units,
        net_sales: wholePesos(Math.round(Number(r.net))),
        net_sales_base: wholePesos(Math.round(Number(r.base))),
        cost: wholePesos(cost),
        uncosted_units: Number(r.uncosted),
        margin: wholePesos(margin),
        margin_pct: costedBase === 0 ? null : pct(margin, costedBase),
        on_hand: here,
        sell_through: sellThrough(units, here),
        days_of_stock: daysOfStock(here, units, days),
      };
    })
    .sort((a, b) => b.net_sales_base - a.net_sales_base || byCode(a.reference_code, b.reference_code));
  const sum = (pick: (p: (typeof products_)[number]) => number) => products_.reduce((acc, p) => acc + pick(p), 0);
  return {
    start_date: o.start,
    end_date: o.end,
    location_id: o.locationId ?? null,
    days,
    products: products_,
    totals: {
      units: sum((p) => p.units),
      net_sales: sum((p) => p.net_sales),
      net_sales_base: sum((p) => p.net_sales_base),
      cost: sum((p) => p.cost),
      margin: sum((p) => p.margin),
      uncosted_units: sum((p) => p.uncosted_units),
    },
  };
}
