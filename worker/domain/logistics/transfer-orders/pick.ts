// The order's pick list: the keeper puts each line in the package, scanning its box when it has a code.
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireChanged } from "../../../db/guards";
import { products, productVariants, transferRequests } from "../../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../../shared/errors";
import type { Actor } from "../transfer-ops/types";

/** Lines in these states are being prepared: accepted, not yet handed over. */
const PREPARING = ["accepted", "courier_assigned"] as const;

/**
 * Marks one line of an order as put in the package (or takes it out). A scanned code must be the
 * line's: its box's barcode or SKU, or the product's reference. Only the source's staff pick.
 */
export async function pickLine(
  db: Db,
  actor: Actor,
  orderId: number,
  transferId: number,
  picked: boolean,
  code: string | null,
  now = new Date(),
) {
  const [line] = await db
    .select()
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.companyId, actor.companyId),
        eq(transferRequests.id, transferId),
        eq(transferRequests.orderId, orderId),
      ),
    )
    .limit(1);
  if (!line) throw notFound("Línea del pedido no encontrada");
  const own = scopeLocation(actor);
  if (actor.role !== "administrador" && actor.role !== "superuser" && own !== line.sourceLocationId)
    throw forbidden("Esta línea la alista la ubicación de origen");
  if (!(PREPARING as readonly string[]).includes(line.status))
    throw conflict("Solo se alista una línea aceptada que aún no sale del origen");
  if (picked === (line.pickedAt !== null))
    throw conflict(picked ? "Esta línea ya está alistada" : "Esta línea no estaba alistada");
  if (picked && code) {
    const [match] = await db
      .select({ id: products.id })
      .from(products)
      .leftJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.size, line.size)))
      .where(
        and(
          eq(products.id, line.productId ?? 0),
          or(eq(products.referenceCode, code), eq(productVariants.barcode, code), eq(productVariants.sku, code)),
        ),
      )
      .limit(1);
    if (!match) throw invalid(`El código ${code} no es de ${line.brand} ${line.model} talla ${line.size}`);
  }
  try {
    await db.batch([
      db
        .update(transferRequests)
        .set(picked ? { pickedAt: now.toISOString(), pickedBy: actor.id } : { pickedAt: null, pickedBy: null })
        .where(
          and(
            eq(transferRequests.id, line.id),
            inArray(transferRequests.status, [...PREPARING]),
            // a second scan of a line already in the package changes nothing: it is told so
            picked ? isNull(transferRequests.pickedAt) : isNotNull(transferRequests.pickedAt),
          ),
        ),
      requireChanged(db, "order_line_preparing"),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) {
      const [now] = await db
        .select({ status: transferRequests.status, pickedAt: transferRequests.pickedAt })
        .from(transferRequests)
        .where(eq(transferRequests.id, line.id));
      if (now && (PREPARING as readonly string[]).includes(now.status))
        throw conflict(picked ? "Esta línea ya está alistada" : "Esta línea no estaba alistada");
      throw conflict("La línea ya salió del origen o fue cancelada; actualiza el pedido");
    }
    throw err;
  }
  return line;
}
