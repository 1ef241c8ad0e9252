// "Poco stock", one definition for every screen (boss dashboard, consolidated inventory, admin dashboard,
// inventory alerts): a product × active location whose AVAILABLE pairs (complete pairs not reserved for
// an accepted transfer, plus exhibition units) are 1 to the threshold. The threshold is the one the
// administrador set for that location in an active inventory alert (an alert naming the product wins
// over the location's general one; the highest when several apply), else DEFAULT_LOW_STOCK_PAIRS.
// 0 available is "agotado" (single feet may remain), counted apart; a product a location never
// stocked (no inventory cell) is neither.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, inventoryAlerts, locations, products } from "../../db/schema";

export const DEFAULT_LOW_STOCK_PAIRS = 2;
export const OVERSTOCK_PAIRS = 40;

export type StockLevel = "agotado" | "poco" | "normal" | "sobrestock";

export function stockLevel(available: number, threshold: number): StockLevel {
  if (available <= 0) return "agotado";
  if (available <= threshold) return "poco";
  if (available > OVERSTOCK_PAIRS) return "sobrestock";
  return "normal";
}

export interface AlertThreshold {
  locationId: number;
  productReference: string | null;
  thresholdValue: number;
}

/** The low-stock threshold of one product at one location, given the company's ACTIVE alerts. */
export function thresholdFor(alerts: readonly AlertThreshold[], locationId: number, reference: string): number {
  const here = alerts.filter((a) => a.locationId === locationId);
  const forProduct = here.filter((a) => a.productReference === reference);
  const general = here.filter((a) => a.productReference === null || a.productReference === "");
  const pick = forProduct.length > 0 ? forProduct : general;
  return pick.length === 0 ? DEFAULT_LOW_STOCK_PAIRS : Math.max(...pick.map((a) => a.thresholdValue));
}

export interface ProductLocationStock {
  locationId: number;
  locationName: string;
  locationType: "local" | "bodega";
  productId: number;
  reference: string;
  brand: string;
  model: string;
  /** centavos */
  price: number;
  productActive: boolean;
  /** pairs + exhibition units, reserved or not (what the location holds) */
  pairs: number;
  /** pairs not reserved for a transfer + exhibition units */
  available: number;
  singles: number;
  threshold: number;
  level: StockLevel;
}

type StockRow = {
  location_id: number;
  location_name: string;
  location_type: "local" | "bodega";
  product_id: number;
  reference: string;
  brand: string;
  model: string;
  price: number;
  product_active: number;
  pairs: number;
  available: number;
  singles: number;
};
type AlertRow = { location_id: number; product_reference: string | null; threshold_value: number };

/** A product's AVAILABLE pairs at a location, summed over its sizes (see the header). */
const availablePairs = () =>
  sql<number>`SUM(${inventory.pairs} - ${inventory.reservedPairs} + ${inventory.exhibition})`;

/**
 * The two reads behind productLocationStock, in one D1 batch; stockLevelsOf turns their rows into levels.
 */
function stockLevelStatements(db: Db, companyId: number) {
  // query builders, not db.all: drizzle's D1 batch only takes built queries; every column aliased,
  // since D1 keys a batch's rows by column name
  return [
    db
      .select({
        location_id: inventory.locationId,
        location_name: sql<string>`${locations.name}`.as("location_name"),
        location_type: locations.type,
        product_id: sql<number>`${products.id}`.as("product_id"),
        reference: sql<string>`${products.referenceCode}`.as("reference"),
        brand: products.brand,
        model: products.model,
        price: sql<number>`${products.unitPrice}`.as("price"),
        product_active: sql<number>`${products.isActive}`.as("product_active"),
        pairs: sql<number>`SUM(${inventory.pairs} + ${inventory.exhibition})`.as("pairs"),
        available: availablePairs().as("available"),
        singles: sql<number>`SUM(${inventory.leftFeet} + ${inventory.rightFeet})`.as("singles"),
      })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .innerJoin(locations, eq(locations.id, inventory.locationId))
      .where(and(eq(inventory.companyId, companyId), eq(locations.isActive, true)))
      .groupBy(inventory.locationId, inventory.productId)
      .orderBy(asc(locations.name), asc(products.referenceCode)),
    db
      .select({
        location_id: inventoryAlerts.locationId,
        product_reference: inventoryAlerts.productReference,
        threshold_value: inventoryAlerts.thresholdValue,
      })
      .from(inventoryAlerts)
      .where(and(eq(inventoryAlerts.companyId, companyId), eq(inventoryAlerts.isActive, true))),
  ] as const;
}

/** Every product × active location that has an inventory cell, with its stock level. */
export async function productLocationStock(db: Db, companyId: number): Promise<ProductLocationStock[]> {
  const [rows, alerts] = await db.batch(stockLevelStatements(db, companyId));
  return stockLevelsOf(rows, alerts);
}

function stockLevelsOf(rows: readonly StockRow[], alerts: readonly AlertRow[]): ProductLocationStock[] {
  const thresholds = alerts.map((a) => ({
    locationId: Number(a.location_id),
    productReference: a.product_reference,
    thresholdValue: Number(a.threshold_value),
  }));
  return rows.map((r) => {
    const available = Number(r.available);
    const threshold = thresholdFor(thresholds, Number(r.location_id), r.reference);
    return {
      locationId: Number(r.location_id),
      locationName: r.location_name,
      locationType: r.location_type,
      productId: Number(r.product_id),
      reference: r.reference,
      brand: r.brand,
      model: r.model,
      price: Number(r.price),
      productActive: Boolean(Number(r.product_active)),
      pairs: Number(r.pairs),
      available,
      singles: Number(r.singles),
      threshold,
      level: stockLevel(available, threshold),
    };
  });
}

/**
 * How many items are "poco stock", counted by D1 (for a caller's batch): the same definition as
 * lowStockOf(stockLevelsOf(…)) — active product, active location, available 1 to the threshold, the
 * product's own alert over the location's general ones, the highest of them, else the default — without
 * sending every product × location row back to count them (the boss dashboard's hot path).
 */
export function lowStockCountStatement(db: Db, companyId: number) {
  const cells = db
    .select({
      locationId: sql<number>`${inventory.locationId}`.as("cell_location"),
      reference: sql<string>`${products.referenceCode}`.as("cell_reference"),
      available: availablePairs().as("cell_available"),
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .innerJoin(locations, eq(locations.id, inventory.locationId))
    .where(and(eq(inventory.companyId, companyId), eq(locations.isActive, true), eq(products.isActive, true)))
    .groupBy(inventory.locationId, inventory.productId)
    .as("cells");
  const alertMax = (which: ReturnType<typeof sql>) => sql`(SELECT MAX(${inventoryAlerts.thresholdValue})
    FROM ${inventoryAlerts} WHERE ${inventoryAlerts.companyId} = ${companyId} AND ${inventoryAlerts.isActive} = 1
    AND ${inventoryAlerts.locationId} = ${cells.locationId} AND ${which})`;
  const threshold = sql`COALESCE(
    ${alertMax(sql`${inventoryAlerts.productReference} = ${cells.reference}`)},
    ${alertMax(sql`(${inventoryAlerts.productReference} IS NULL OR ${inventoryAlerts.productReference} = '')`)},
    ${DEFAULT_LOW_STOCK_PAIRS})`;
  return db
    .select({ low_stock: sql<number>`COUNT(*)`.as("low_stock") })
    .from(cells)
    .where(sql`${cells.available} >= 1 AND ${cells.available} <= ${threshold}`);
}

/** The low-stock items ("poco stock"): active products only. */
export function lowStockOf(rows: readonly ProductLocationStock[]): ProductLocationStock[] {
  return rows.filter((r) => r.productActive && r.level === "poco");
}

export async function lowStockItems(db: Db, companyId: number): Promise<ProductLocationStock[]> {
  return lowStockOf(await productLocationStock(db, companyId));
}
