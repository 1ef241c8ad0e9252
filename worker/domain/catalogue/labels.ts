// Box labels: each size printed with its barcode, the maker's when it has one; a size without one gets
// an in-store EAN-13 from the company's sequence (prefix 29), handed out once. The sequence moves in
// the same batch as the codes, guarded by the value read, so two keepers printing at once never get
// the same number, and a size asked twice keeps its first code (the upsert writes only a missing one).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { companies, products, productVariants } from "../../db/schema";
import { isConstraint } from "../sales/statements";
import { conflict, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { STORE_CODE_CAPACITY, storeEan13 } from "./barcodes";
import { codesFreeGuards, codeTaken, type WrittenCode } from "./codes";

export type LabelRequest = { product_id: number; size: string; copies: number };

const ATTEMPTS = 5;

/** One entry per product and size, copies added up, in the order first asked. */
export function mergeLabelRequests(items: readonly LabelRequest[]): LabelRequest[] {
  const merged = new Map<string, LabelRequest>();
  for (const item of items) {
    const size = item.size.trim();
    const key = `${item.product_id}\u0000${size}`;
    const seen = merged.get(key);
    if (seen) seen.copies += item.copies;
    else merged.set(key, { product_id: item.product_id, size, copies: item.copies });
  }
  return [...merged.values()];
}

async function readState(db: Db, companyId: number, productIds: number[]) {
  const [company, found, variants] = await db.batch([
    db.select({ sequence: companies.barcodeSequence }).from(companies).where(eq(companies.id, companyId)),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), inArray(products.id, productIds))),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.productId, productIds))),
  ]);
  const codeOf = new Map(variants.map((v) => [`${v.productId}\u0000${v.size}`, v.barcode]));
  return { sequence: company[0]?.sequence ?? 0, products: new Map(found.map((p) => [p.id, p])), codeOf };
}

/** The labels to print for these sizes, with in-store codes written for the sizes that lacked one. */
export async function labelSheet(db: Db, companyId: number, requested: readonly LabelRequest[]) {
  const items = mergeLabelRequests(requested);
  const productIds = [...new Set(items.map((i) => i.product_id))];
  let assigned = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await readState(db, companyId, productIds);
    const unknown = productIds.find((id) => !state.products.has(id));
    if (unknown !== undefined) throw notFound(`Producto ${unknown} no encontrado`);
    const missing = items.filter((i) => !state.codeOf.get(`${i.product_id}\u0000${i.size}`));
    if (missing.length === 0) return answer(items, state, assigned);
    if (state.sequence + missing.length >= STORE_CODE_CAPACITY) throw conflict("Se agotaron los códigos internos");
    const written: WrittenCode[] = missing.map((item, k) => ({
      code: storeEan13(state.sequence + 1 + k),
      productId: item.product_id,
      size: item.size,
      kind: "barcode",
    }));
    const writes = missing.map((item, k) =>
      db
        .insert(productVariants)
        .values({ companyId, productId: item.product_id, size: item.size, barcode: storeEan13(state.sequence + 1 + k) })
        .onConflictDoUpdate({
          target: [productVariants.productId, productVariants.size],
          set: { barcode: sql`excluded.barcode`, updatedAt: new Date().toISOString() },
          setWhere: sql`${productVariants.barcode} IS NULL`,
        }),
    );
    try {
      await db.batch([
        db
          .update(companies)
          .set({ barcodeSequence: state.sequence + missing.length })
          .where(and(eq(companies.id, companyId), eq(companies.barcodeSequence, state.sequence))),
        requireChanged(db, "barcode_sequence"),
        ...writes,
        ...codesFreeGuards(db, companyId, written),
      ]);
      assigned += missing.length;
    } catch (err) {
      if (isGuardFailure(err)) {
        // another sheet took these numbers (the sequence moved): read again
        const [now] = await db
          .select({ sequence: companies.barcodeSequence })
          .from(companies)
          .where(eq(companies.id, companyId));
        if ((now?.sequence ?? 0) !== state.sequence || (await codeTaken(db, companyId, written)) === null) continue;
      } else if (!isConstraint(err, "UNIQUE")) throw err;
      // a code typed by hand (a maker's barcode, a SKU or a reference) already is one of these numbers: skip past them
      await db
        .update(companies)
        .set({ barcodeSequence: sql`${companies.barcodeSequence} + ${missing.length}` })
        .where(eq(companies.id, companyId));
    }
  }
  throw conflict("No se pudieron asignar los códigos de las etiquetas; inténtalo de nuevo");
}

function answer(items: LabelRequest[], state: Awaited<ReturnType<typeof readState>>, assigned: number) {
  return {
    assigned,
    labels: items.map((item) => {
      const p = state.products.get(item.product_id);
      if (!p) throw notFound(`Producto ${item.product_id} no encontrado`);
      return {
        product_id: p.id,
        reference_code: p.referenceCode,
        brand: p.brand,
        model: p.model,
        color: p.color,
        unit_price: toPesos(p.unitPrice),
        size: item.size,
        barcode: state.codeOf.get(`${item.product_id}\u0000${item.size}`) ?? "",
        copies: item.copies,
      };
    }),
  };
}
