// Hand adjustments of stock: one product × size × location × unit kind, up or down, with a reason.
// Each is one batch: the adjustment row and its ledger movement (entry_ref = the adjustment's ref);
// the inventory CHECKs refuse a cell below zero (or below what transfers have reserved).
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import {
  ADJUSTMENT_REASON_LABELS,
  type AdjustmentReason,
  UNIT_KIND_LABELS,
  type UnitKind,
} from "../../../shared/constants";
import { scopeLocation } from "../../auth/scope";
import type { Db } from "../../db/client";
import type { Role } from "../../db/schema";
import { inventory, locations, products, stockAdjustments, users } from "../../db/schema";
import { type Page, pageInfo } from "../../lib/paging";
import { alertNoticeStatements, lowStockAlertStatement } from "../alerts/enqueue";
import { locationRead } from "../company/locations";
import { isConstraint } from "../sales/statements";
import { conflict, forbidden, invalid, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { type StockDelta, stockChangeStatements } from "./ledger";

export interface AdjustmentInput {
  product_id: number;
  location_id: number;
  size: string;
  unit_kind: UnitKind;
  /** signed: units added (+) or taken (−); for paso_exhibicion, pairs moved to exhibition (− moves back) */
  delta: number;
  reason: AdjustmentReason;
  notes: string | null;
}

export interface Adjuster {
  id: number;
  companyId: number;
  role: Role;
  locationId: number | null;
}

/** The ledger deltas of an adjustment. Moving to exhibition takes pairs and adds exhibition units. */
export function adjustmentDelta(input: Pick<AdjustmentInput, "unit_kind" | "delta" | "reason">): StockDelta {
  if (!Number.isInteger(input.delta) || input.delta === 0)
    throw invalid("El ajuste debe ser un entero distinto de cero");
  if (input.reason === "paso_exhibicion") {
    if (input.unit_kind !== "exhibition") {
      throw invalid("El paso a exhibición mueve pares a exhibición: usa el tipo de unidad 'exhibición'");
    }
    return { pairs: -input.delta, exhibition: input.delta };
  }
  return { [input.unit_kind]: input.delta };
}

const UNIT_COLUMN = { pairs: "pairs", left: "leftFeet", right: "rightFeet", exhibition: "exhibition" } as const;
const RESERVED_COLUMN = { pairs: "reservedPairs", left: "reservedLeft", right: "reservedRight" } as const;

/**
 * The product and location a stock-control action names, checked: both of the caller's company, the
 * location active, and a keeper only at their own warehouse (the administrador anywhere).
 */
export async function adjustableCell(
  db: Db,
  actor: Adjuster,
  input: Pick<AdjustmentInput, "product_id" | "location_id">,
) {
  const [[product], [place]] = await db.batch([
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), eq(products.id, input.product_id)))
      .limit(1),
    locationRead(db, actor.companyId, input.location_id),
  ]);
  if (!product) throw notFound("Producto no encontrado");
  if (!place) throw notFound("Ubicación no encontrada");
  if (!place.isActive) throw conflict(`${place.name} está inactiva; reactívala para ajustar su inventario`);
  // a keeper adjusts their own warehouse only (403 without one)
  const own = scopeLocation(actor);
  if (own !== null && own !== place.id) {
    throw forbidden("Solo puedes ajustar el inventario de tu bodega");
  }
  return { product, place };
}

/** Adjusts one cell. A keeper adjusts only their own warehouse; the administrador any location. */
export async function adjustStock(db: Db, actor: Adjuster, input: AdjustmentInput) {
  const delta = adjustmentDelta(input);
  const { product, place } = await adjustableCell(db, actor, input);
  const ref = crypto.randomUUID();
  const size = input.size.trim();
  try {
    const taken = -((delta.pairs ?? 0) + (delta.exhibition ?? 0));
    await db.batch([
      ...adjustmentStatements(db, {
        ref,
        companyId: actor.companyId,
        productId: product.id,
        locationId: place.id,
        size,
        unitKind: input.unit_kind,
        delta: input.delta,
        reason: input.reason,
        notes: input.notes,
        unitCost: product.costPrice,
        userId: actor.id,
      }),
      // units taken below an alert rule's minimum: its alert e-mail and notices (issue 37)
      ...(taken > 0
        ? [
            lowStockAlertStatement(db, actor.companyId, place.id, product.id, taken),
            ...alertNoticeStatements(db, actor.companyId),
          ]
        : []),
    ]);
  } catch (err) {
    if (!isConstraint(err, "CHECK")) throw err;
    throw await belowZero(db, actor.companyId, product.referenceCode, place, size);
  }
  const [row] = await listAdjustments(db, actor.companyId, { ref });
  if (!row) throw new Error("adjustment not found after its batch");
  return row;
}

/** One adjustment as stored: its row and the product's cost at the time (centavos). */
export interface AdjustmentRow {
  ref: string;
  companyId: number;
  productId: number;
  locationId: number;
  size: string;
  unitKind: UnitKind;
  delta: number;
  reason: AdjustmentReason;
  notes: string | null;
  unitCost: number | null;
  userId: number;
}

/**
 * The statements of one adjustment (its row, the cell's change and its ledger movement), so one batch
 * can hold many: a posted count applies all its variances together.
 */
export function adjustmentStatements(db: Db, row: AdjustmentRow) {
  const delta = adjustmentDelta({ unit_kind: row.unitKind, delta: row.delta, reason: row.reason });
  return [
    db.insert(stockAdjustments).values(row),
    ...stockChangeStatements(db, {
      companyId: row.companyId,
      productId: row.productId,
      locationId: row.locationId,
      size: row.size,
      delta,
      reason: "adjustment",
      userId: row.userId,
      entryRef: row.ref,
      notes: `${ADJUSTMENT_REASON_LABELS[row.reason]}${row.notes ? `: ${row.notes}` : ""}`,
    }),
  ] as const;
}

/** The 409 of an adjustment that would leave a cell below zero, naming what is there. */
export async function belowZero(
  db: Db,
  companyId: number,
  ref: string,
  place: { id: number; name: string },
  size: string,
) {
  const [cell] = await db
    .select()
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(
      and(
        eq(inventory.companyId, companyId),
        eq(products.referenceCode, ref),
        eq(inventory.locationId, place.id),
        eq(inventory.size, size),
      ),
    )
    .limit(1);
  const c = cell?.inventory;
  const have = (kind: UnitKind) => (c ? c[UNIT_COLUMN[kind]] : 0);
  const reserved = c ? c[RESERVED_COLUMN.pairs] + c[RESERVED_COLUMN.left] + c[RESERVED_COLUMN.right] : 0;
  const what = (["pairs", "left", "right", "exhibition"] as const)
    .map((kind) => `${UNIT_KIND_LABELS[kind].toLowerCase()}: ${have(kind)}`)
    .join(", ");
  return conflict(
    `El inventario no puede quedar negativo. En ${place.name} hay de ${ref} talla ${size} — ${what}${reserved > 0 ? ` (${reserved} reservados para transferencias)` : ""}`,
  );
}

export interface AdjustmentFilter {
  ref?: string;
  from?: string | undefined;
  to?: string | undefined;
  location_id?: number | undefined;
  reason?: AdjustmentReason | undefined;
  product_id?: number | undefined;
}

function adjustmentsWhere(companyId: number, filter: AdjustmentFilter): SQL {
  const a = stockAdjustments;
  return and(
    eq(a.companyId, companyId),
    filter.ref ? eq(a.ref, filter.ref) : undefined,
    filter.from ? gte(sql`substr(${a.createdAt}, 1, 10)`, filter.from) : undefined,
    filter.to ? lte(sql`substr(${a.createdAt}, 1, 10)`, filter.to) : undefined,
    filter.location_id ? eq(a.locationId, filter.location_id) : undefined,
    filter.reason ? eq(a.reason, filter.reason) : undefined,
    filter.product_id ? eq(a.productId, filter.product_id) : undefined,
  ) as SQL;
}

function adjustmentRows(db: Db, companyId: number, filter: AdjustmentFilter) {
  const a = stockAdjustments;
  return db
    .select({
      a,
      ref: products.referenceCode,
      brand: products.brand,
      model: products.model,
      color: products.color,
      location: locations.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(a)
    .innerJoin(products, eq(products.id, a.productId))
    .innerJoin(locations, eq(locations.id, a.locationId))
    .leftJoin(users, eq(users.id, a.userId))
    .where(adjustmentsWhere(companyId, filter))
    .orderBy(desc(a.createdAt), desc(a.id));
}

/**
 * The report of the adjustments a filter matches (issue 32 §4): a page of them, newest first, and the
 * totals of ALL of them (count, units up and down, value at cost), not of the page.
 */
export async function adjustmentsReport(
  db: Db,
  companyId: number,
  filter: AdjustmentFilter,
  withCosts: boolean,
  page: Page,
) {
  const a = stockAdjustments;
  const moves = sql`${a.reason} <> 'paso_exhibicion'`;
  // two reads at once (not one batch: D1 keys a batch's rows by column name, and the joined rows repeat some)
  const [rows, [sums]] = await Promise.all([
    adjustmentRows(db, companyId, filter).limit(page.limit).offset(page.offset),
    db
      .select({
        count: sql<number>`COUNT(*)`.as("adjustments_count"),
        added: sql<number>`COALESCE(SUM(CASE WHEN ${a.delta} > 0 AND ${moves} THEN ${a.delta} END), 0)`.as("added"),
        removed: sql<number>`COALESCE(SUM(CASE WHEN ${a.delta} < 0 AND ${moves} THEN -${a.delta} END), 0)`.as(
          "removed",
        ),
        value:
          sql<number>`COALESCE(SUM(CASE WHEN ${a.unitCost} IS NOT NULL AND ${moves} THEN ${a.unitCost} * ${a.delta} END), 0)`.as(
            "value_at_cost",
          ),
        uncosted: sql<number>`COALESCE(SUM(CASE WHEN ${a.unitCost} IS NULL AND ${moves} THEN 1 END), 0)`.as(
          "without_cost",
        ),
      })
      .from(a)
      .where(adjustmentsWhere(companyId, filter)),
  ]);
  const count = Number(sums?.count ?? 0);
  return {
    adjustments: adjustmentViews(rows, withCosts),
    totals: {
      count,
      units_added: Number(sums?.added ?? 0),
      units_removed: Number(sums?.removed ?? 0),
      value_at_cost: withCosts ? toPesos(Number(sums?.value ?? 0)) : null,
      without_cost: withCosts ? Number(sums?.uncosted ?? 0) : null,
    },
    ...pageInfo(page, count),
  };
}

/**
 * The company's adjustments, newest first, with their value at cost (null when the product had no cost,
 * and for whoever does not see costs: `withCosts` false). Every one the filter matches: callers name one
 * (`ref`); the report reads pages (adjustmentsReport).
 */
export async function listAdjustments(db: Db, companyId: number, filter: AdjustmentFilter, withCosts = true) {
  return adjustmentViews(await adjustmentRows(db, companyId, filter), withCosts);
}

function adjustmentViews(rows: Awaited<ReturnType<typeof adjustmentRows>>, withCosts: boolean) {
  return rows.map((r) => ({
    id: r.a.id,
    created_at: r.a.createdAt,
    product_id: r.a.productId,
    sneaker_reference_code: r.ref,
    product_name: `${r.brand} ${r.model}${r.color ? ` ${r.color}` : ""}`,
    location_id: r.a.locationId,
    location_name: r.location,
    size: r.a.size,
    unit_kind: r.a.unitKind,
    delta: r.a.delta,
    reason: r.a.reason,
    reason_text: ADJUSTMENT_REASON_LABELS[r.a.reason],
    notes: r.a.notes,
    user_name: r.firstName ? `${r.firstName} ${r.lastName ?? ""}`.trim() : null,
    unit_cost: r.a.unitCost === null || !withCosts ? null : toPesos(r.a.unitCost),
    // moving pairs to exhibition keeps the units: no value is gained or lost
    value_at_cost:
      r.a.unitCost === null || !withCosts || r.a.reason === "paso_exhibicion"
        ? null
        : toPesos(r.a.unitCost * r.a.delta),
  }));
}
