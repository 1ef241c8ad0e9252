// Physical counts: opening a count of one location.

import { and, eq, sql } from "drizzle-orm";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { products, stockCounts } from "../../../db/schema";
import { locationOf } from "../../company/locations";
import { insertedOrRefused } from "../../sales/statements";
import { conflict, forbidden, invalid } from "../../shared/errors";
import { getCount } from "./read";
import { type Counter, OWN_WAREHOUSE } from "./types";

export interface OpenCountInput {
  location_id: number;
  blind: boolean;
  brand: string | null;
  notes: string | null;
}

/** Opens a count of one location: the administrador anywhere, a keeper in their warehouse; one open per location. */
export async function openCount(db: Db, actor: Counter, input: OpenCountInput) {
  const place = await locationOf(db, actor.companyId, input.location_id);
  if (!place.isActive) throw conflict(`${place.name} está inactiva; reactívala para contar su inventario`);
  const own = scopeLocation(actor);
  if (own !== null && own !== place.id) throw forbidden(OWN_WAREHOUSE);
  let brand: string | null = null;
  if (input.brand) {
    const [hit] = await db
      .select({ brand: products.brand })
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), sql`${products.brand} = ${input.brand} COLLATE NOCASE`))
      .limit(1);
    if (!hit) throw invalid(`No hay productos de la marca ${input.brand} en el catálogo`);
    // the catalogue's spelling of the brand
    brand = hit.brand;
  }
  const { id } = await insertedOrRefused(
    db
      .insert(stockCounts)
      .values({
        companyId: actor.companyId,
        locationId: place.id,
        blind: input.blind,
        filterBrand: brand,
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: stockCounts.id }),
    () => conflict(`Ya hay un conteo abierto en ${place.name}; termínalo o cancélalo antes de abrir otro`),
    "count",
  );
  return getCount(db, actor, id);
}
