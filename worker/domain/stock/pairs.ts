import type { BatchItem } from "drizzle-orm/batch";
import type { AdjustmentReason } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { inventory } from "../../db/schema";
import { isConstraint } from "../sales/statements";
import { conflict } from "../shared/errors";
import { type Adjuster, adjustableCell, adjustmentStatements, belowZero } from "./adjustments";
import { cellWhere } from "./ledger";
import { pairFormationStatements, splitPairsStatements } from "./pairing";

export interface PairCellInput {
  product_id: number;
  location_id: number;
  size: string;
}

export interface SplitInput extends PairCellInput {
  quantity: number;
  /** the foot that is damaged or missing: written off; its partner stays as a single foot */
  write_off: "left" | "right";
  reason: Extract<AdjustmentReason, "dano" | "perdida_robo">;
  notes: string | null;
}

export const NOTHING_TO_PAIR = (ref: string, size: string, place: string) =>
  `No hay un pie izquierdo y uno derecho libres de ${ref} talla ${size} en ${place} para formar un par`;

async function cellOf(db: Db, companyId: number, productId: number, locationId: number, size: string) {
  const [cell] = await db
    .select()
    .from(inventory)
    .where(cellWhere(companyId, productId, locationId, size))
    .limit(1);
  return {
    pairs: cell?.pairs ?? 0,
    left_feet: cell?.leftFeet ?? 0,
    right_feet: cell?.rightFeet ?? 0,
    exhibition: cell?.exhibition ?? 0,
  };
}

/** Forms every pair the free feet of a cell allow (409 when there is not one of each). */
export async function mergeFeet(db: Db, actor: Adjuster, input: PairCellInput) {
  const { product, place } = await adjustableCell(db, actor, input);
  const size = input.size.trim();
  const before = await cellOf(db, actor.companyId, product.id, place.id, size);
  const [ledger, apply] = pairFormationStatements(
    db,
    { companyId: actor.companyId, productId: product.id, locationId: place.id, size },
    { userId: actor.id, notes: "Par formado a mano" },
  );
  try {
    await db.batch([ledger, apply, requireChanged(db, "feet_to_pair")]);
  } catch (err) {
    if (isGuardFailure(err)) throw conflict(NOTHING_TO_PAIR(product.referenceCode, size, place.name));
    throw err;
  }
  const after = await cellOf(db, actor.companyId, product.id, place.id, size);
  return { formed: after.pairs - before.pairs, stock: after };
}

/** Splits pairs whose one foot is damaged or lost: the good foot stays single, the other is written off. */
export async function splitPairs(db: Db, actor: Adjuster, input: SplitInput) {
  const { product, place } = await adjustableCell(db, actor, input);
  const size = input.size.trim();
  const cell = { companyId: actor.companyId, productId: product.id, locationId: place.id, size };
  const kept = input.write_off === "left" ? "derecho" : "izquierdo";
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    ...splitPairsStatements(db, cell, input.quantity, { userId: actor.id, notes: `Queda el pie ${kept}` }),
    // no cell, nothing split: the batch stops here instead of writing off a foot that was never there
    requireChanged(db, "pair_to_split"),
    ...adjustmentStatements(db, {
      ref: crypto.randomUUID(),
      companyId: actor.companyId,
      productId: product.id,
      locationId: place.id,
      size,
      unitKind: input.write_off,
      delta: -input.quantity,
      reason: input.reason,
      notes: input.notes ? `Par separado: ${input.notes}` : "Par separado",
      unitCost: product.costPrice,
      userId: actor.id,
    }),
  ];
  try {
    await db.batch(statements);
  } catch (err) {
    if (!isGuardFailure(err) && !isConstraint(err, "CHECK")) throw err;
    throw await belowZero(db, actor.companyId, product.referenceCode, place, size);
  }
  return { split: input.quantity, stock: await cellOf(db, actor.companyId, product.id, place.id, size) };
}
