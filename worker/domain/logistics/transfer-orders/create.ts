// A new restock order: every line checked against the units free at the source, written in one batch.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { productRefusal } from "../../../../shared/messages";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireThat } from "../../../db/guards";
import { chunk, inList } from "../../../db/limits";
import { locations, products, transferOrders, transferRequests } from "../../../db/schema";
import { locationRead } from "../../company/locations";
import { conflict, invalid, notFound } from "../../shared/errors";
import { type FreeUnit, freeUnitsSql, overRequest, transferValues } from "../transfer-ops/create";
import type { Actor } from "../transfer-ops/types";
import type { NewOrder, NewOrderLine } from "./types";

/** Lines whose free units one SELECT reads (each binds four values). */
const LINES_PER_READ = 20;

/** Lines of one product, size and unit asked for twice are one line with both quantities. */
export function mergeLines(lines: readonly NewOrderLine[]): NewOrderLine[] {
  const merged = new Map<string, NewOrderLine>();
  for (const line of lines) {
    const key = [line.referenceCode, line.size, line.footSide ?? "pair"].join("\u0000");
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

/** Creates the order and its lines (restock transfers) at once; answers the order's id. */
export async function createOrder(db: Db, actor: Actor, input: NewOrder): Promise<number> {
  if (input.sourceLocationId === input.destinationLocationId)
    throw invalid("La ubicación de origen debe ser distinta a la de destino");
  const lines = mergeLines(input.lines);
  const references = [...new Set(lines.map((l) => l.referenceCode))];
  const [[source], [destination], catalogue] = await db.batch([
    locationRead(db, actor.companyId, input.sourceLocationId),
    locationRead(db, actor.companyId, input.destinationLocationId),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), inList(products.referenceCode, references))),
  ]);
  if (!source) throw notFound("Ubicación de origen no encontrada");
  if (!destination) throw notFound("Ubicación de destino no encontrada");
  const byReference = new Map(catalogue.map((p) => [p.referenceCode, p]));
  const planned = lines.map((line) => {
    const product = byReference.get(line.referenceCode);
    const refused = productRefusal(product, line.referenceCode);
    if (refused || !product) throw invalid(refused ?? "");
    return { line, product, free: freeUnitsSql(product.id, source.id, line.size, line.footSide ?? "pairs") };
  });
  const now = new Date().toISOString();
  // the order's id inside its own batch: the batch is one transaction and ids only grow
  const orderId = sql`(SELECT MAX(${transferOrders.id}) FROM ${transferOrders} WHERE ${transferOrders.companyId} = ${actor.companyId})`;
  const statements: BatchItem<"sqlite">[] = [
    // never more than the source has free, line by line: the guards run in the batch that writes
    ...planned.map(({ line, free }, i) =>
      requireThat(db, `order_line_available_${i}`, sql`${free} >= ${line.quantity}`),
    ),
    db
      .insert(transferOrders)
      .values({
        companyId: actor.companyId,
        requesterId: actor.id,
        sourceLocationId: source.id,
        destinationLocationId: destination.id,
        pickupType: input.pickupType,
        notes: input.notes,
        createdAt: now,
      })
      .returning({ id: transferOrders.id }),
    ...planned.map(({ line, product }) =>
      db.insert(transferRequests).values({
        ...transferValues(actor, source.id, destination.id, product, {
          ...line,
          purpose: "restock",
          pickupType: input.pickupType,
          destinationType: "bodega",
          notes: null,
        }),
        orderId,
        requestedAt: now,
      }),
    ),
  ];
  let answers: unknown[];
  try {
    answers = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const short = await shortLines(db, source.id, source.name, planned);
    // another guard (the Idempotency-Key's) failed: the hub answers as for a repeated call
    if (short.length === 0) throw err;
    throw conflict(short.join(" · "));
  }
  const [created] = answers[planned.length] as { id: number }[];
  if (!created) throw new Error("transfer order not inserted");
  return created.id;
}

/** The lines the source cannot serve now, each in the words of a single request's refusal. */
async function shortLines(
  db: Db,
  sourceId: number,
  sourceName: string,
  planned: { line: NewOrderLine; product: { brand: string; model: string }; free: SQL<number> }[],
): Promise<string[]> {
  // a few lines per SELECT (D1 binds at most 100 values a statement), all of them in one round trip; each
  // SELECT reads its lines' free units as columns of the source's own row
  const groups = chunk(planned, LINES_PER_READ);
  const reads = groups.map((group) =>
    db
      // aliased: D1 answers rows keyed by column name, and the lines' expressions read alike
      .select(Object.fromEntries(group.map(({ free }, i) => [`l${i}`, free.as(`l${i}`)])))
      .from(locations)
      .where(eq(locations.id, sourceId)),
  );
  const answers = await db.batch(reads as [(typeof reads)[number], ...typeof reads]);
  const free = answers.flatMap((rows, g) => (groups[g] ?? []).map((_, i) => Number(rows[0]?.[`l${i}`] ?? 0)));
  return planned.flatMap(({ line, product }, i) => {
    const available = free[i] ?? 0;
    const unit: FreeUnit = line.footSide ?? "pairs";
    return available >= line.quantity
      ? []
      : [overRequest(sourceName, product, line.size, unit, available, line.quantity)];
  });
}
