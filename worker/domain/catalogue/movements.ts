// The catalogue: a product's ledger rows, in the words the screens show.

import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { locations, type MOVEMENT_REASONS, stockMovements, users } from "../../db/schema";
import type { Page } from "../../lib/paging";

const REASON_TEXT: Record<(typeof MOVEMENT_REASONS)[number], string> = {
  entry: "Ingreso de inventario",
  adjustment: "Ajuste de inventario",
  sale: "Venta",
  sale_rejected: "Venta rechazada (devuelto al stock)",
  transfer_out: "Salida por transferencia",
  transfer_in: "Entrada por transferencia",
  return_out: "Salida por devolución",
  return_in: "Entrada por devolución",
  transfer_back: "Regreso al origen (entrega fallida)",
  pair_formation: "Formación de par",
  pair_formed: "Par formado con pies sueltos",
  pair_split: "Par separado en pies sueltos",
  discrepancy_found: "Diferencia encontrada",
  write_off: "Baja",
  customer_return: "Devolución de cliente",
  purchase: "Recepción de compra",
};

/** How many rows the ledger of one product has in all (its pages say "Mostrando N de M"). */
export async function productMovementsCount(db: Db, companyId: number, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(stockMovements)
    .where(and(eq(stockMovements.companyId, companyId), eq(stockMovements.productId, productId)));
  return Number(row?.n ?? 0);
}

/** A page of the ledger of one product, newest first, readable: who, when, why and the linked document. */
export async function productMovements(db: Db, companyId: number, productId: number, page: Page) {
  const rows = await db
    .select({
      m: stockMovements,
      location: locations.name,
      firstName: users.firstName,
      lastName: users.lastName,
      adjustmentReason: sql<
        string | null
      >`(SELECT a.reason FROM stock_adjustments a WHERE a.ref = ${stockMovements.entryRef})`,
    })
    .from(stockMovements)
    .innerJoin(locations, eq(locations.id, stockMovements.locationId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.companyId, companyId), eq(stockMovements.productId, productId)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ m, location, firstName, lastName, adjustmentReason }) => ({
    id: m.id,
    created_at: m.createdAt,
    location_id: m.locationId,
    location_name: location,
    size: m.size,
    delta: {
      pairs: m.deltaPairs,
      left: m.deltaLeft,
      right: m.deltaRight,
      exhibition: m.deltaExhibition,
      damaged: m.deltaDamaged,
    },
    reason: m.reason,
    reason_text: REASON_TEXT[m.reason],
    adjustment_reason: adjustmentReason,
    user_name: firstName ? `${firstName} ${lastName ?? ""}`.trim() : null,
    sale_id: m.saleId,
    transfer_id: m.transferId,
    notes: m.notes,
  }));
}
