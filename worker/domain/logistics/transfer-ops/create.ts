// A transfer request: checked against the units free at its source, written in one batch.
import { and, eq, sql } from "drizzle-orm";
import { productRefusal } from "../../../../shared/messages";
import { plural } from "../../../../shared/plural";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireThat } from "../../../db/guards";
import { inventory, products, transferRequests } from "../../../db/schema";
import { locationRead } from "../../company/locations";
import { conflict, invalid, notFound } from "../../shared/errors";
import type { Actor, NewTransfer, TransferRow } from "./types";

/** A seller asks another location for pairs (or single feet) of a product. */
export async function createTransfer(db: Db, actor: Actor, destinationLocationId: number, input: NewTransfer) {
  if (input.sourceLocationId === destinationLocationId) {
    throw invalid("La ubicación de origen debe ser distinta a la tuya");
  }
  const [[source], [product]] = await db.batch([
    locationRead(db, actor.companyId, input.sourceLocationId),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), eq(products.referenceCode, input.referenceCode)))
      .limit(1),
  ]);
  if (!source) throw notFound("Ubicación de origen no encontrada");
  const refused = productRefusal(product, input.referenceCode);
  if (refused || !product) throw invalid(refused ?? "");
  const unit: FreeUnit = input.footSide ?? "pairs";
  // never more than the source has free: the request is refused here, not left unacceptable. The check
  // is the batch's own guard, so a sale that took the pairs meanwhile fails the insert too.
  const free = freeUnitsSql(product.id, source.id, input.size, unit);
  const insert = db
    .insert(transferRequests)
    .values(transferValues(actor, source.id, destinationLocationId, product, input))
    .returning();
  let row: TransferRow | undefined;
  try {
    [, [row]] = await db.batch([
      requireThat(db, "transfer_units_available", sql`${free} >= ${input.quantity}`),
      insert,
    ]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const [now] = await db.all<{ n: number }>(sql`SELECT ${free} AS n`);
    const available = Number(now?.n ?? 0);
    // another guard (the Idempotency-Key's) failed: the hub answers as for a repeated call
    if (available >= input.quantity) throw err;
    throw conflict(overRequest(source.name, product, input.size, unit, available, input.quantity));
  }
  if (!row) throw new Error("transfer not inserted");
  return row;
}

export type FreeUnit = "pairs" | "left" | "right";

type RequestedProduct = Pick<typeof products.$inferSelect, "id" | "referenceCode" | "brand" | "model" | "color">;

/** The row of a new request (a single transfer, or a line of a restock order). */
export function transferValues(
  actor: Actor,
  sourceLocationId: number,
  destinationLocationId: number,
  product: RequestedProduct,
  input: Pick<NewTransfer, "size" | "quantity" | "footSide" | "purpose" | "pickupType" | "destinationType" | "notes">,
) {
  const single = input.footSide !== null;
  return {
    companyId: actor.companyId,
    requesterId: actor.id,
    sourceLocationId,
    destinationLocationId,
    productId: product.id,
    sneakerReferenceCode: product.referenceCode,
    brand: product.brand,
    model: product.model,
    color: product.color,
    size: input.size,
    quantity: input.quantity,
    transferType: single ? ("single_foot" as const) : ("pair" as const),
    footSide: input.footSide,
    inventoryType: single
      ? input.footSide === "left"
        ? ("left_only" as const)
        : ("right_only" as const)
      : ("pair" as const),
    purpose: single ? ("pair_formation" as const) : input.purpose,
    requestType: "transfer" as const,
    pickupType: input.pickupType,
    destinationType: input.destinationType,
    // urgent = cliente; single feet count as high priority (spec 3 §9)
    priority: single || input.purpose === "cliente" ? ("high" as const) : ("normal" as const),
    notes: input.notes,
  };
}

/** Units of a cell not promised to an accepted request: what a new request may ask for. */
export function freeUnitsSql(productId: number, locationId: number, size: string, unit: FreeUnit) {
  const free =
    unit === "pairs"
      ? sql`${inventory.pairs} - ${inventory.reservedPairs}`
      : unit === "left"
        ? sql`${inventory.leftFeet} - ${inventory.reservedLeft}`
        : sql`${inventory.rightFeet} - ${inventory.reservedRight}`;
  return sql<number>`COALESCE((SELECT ${free} FROM ${inventory} WHERE ${inventory.productId} = ${productId} AND ${inventory.locationId} = ${locationId} AND ${inventory.size} = ${size}), 0)`;
}

/** The refusal of a request for more than the source has: how many there are, in the unit asked for. */
export function overRequest(
  sourceName: string,
  product: { brand: string; model: string },
  size: string,
  unit: FreeUnit,
  available: number,
  asked: number,
): string {
  const [one, many] =
    unit === "pairs"
      ? ["par", "pares"]
      : unit === "left"
        ? ["pie izquierdo", "pies izquierdos"]
        : ["pie derecho", "pies derechos"];
  const what = `${product.brand} ${product.model} talla ${size}`;
  const has =
    available <= 0
      ? `${sourceName} no tiene ${many} disponibles de ${what}`
      : `${sourceName} solo tiene ${plural(available, `${one} disponible`, `${many} disponibles`)} de ${what}`;
  return `${has}; pediste ${plural(asked, one, many)}`;
}
