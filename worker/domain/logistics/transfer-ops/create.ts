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
  const single = input.footSide !== null;
  const unit: FreeUnit = input.footSide ?? "pairs";
  // never more than the source has free: the request is refused here, not left unacceptable. The check
  // is the batch's own guard, so a sale that took the pairs meanwhile fails the insert too.
  const free = freeUnitsSql(product.id, source.id, input.size, unit);
  const insert = db
    .insert(transferRequests)
    .values({
      companyId: actor.companyId,
      requesterId: actor.id,
      sourceLocationId: source.id,
      destinationLocationId,
      productId: product.id,
      sneakerReferenceCode: product.referenceCode,
      brand: product.brand,
      model: product.model,
      color: product.color,
      size: input.size,
      quantity: input.quantity,
      transferType: single ? "single_foot" : "pair",
      footSide: input.footSide,
      inventoryType: single ? (input.footSide === "left" ? "left_only" : "right_only") : "pair",
      purpose: single ? "pair_formation" : input.purpose,
      requestType: "transfer",
      pickupType: input.pickupType,
      destinationType: input.destinationType,
      // urgent = cliente; single feet count as high priority (spec 3 §9)
      priority: single || input.purpose === "cliente" ? "high" : "normal",
      notes: input.notes,
    })
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

type FreeUnit = "pairs" | "left" | "right";

/** Units of a cell not promised to an accepted request: what a new request may ask for. */
function freeUnitsSql(productId: number, locationId: number, size: string, unit: FreeUnit) {
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
