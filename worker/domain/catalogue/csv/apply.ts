// Reading the company's catalogue for the CSV, and applying an import's plan to it.
//
// Applying writes only what the plan says changes, in D1 batches of a few products each (one batch per
// chunk: a file of thousands of rows cannot be one statement list). Each batch is guarded by what was
// read: a new product is inserted only if no product has its reference yet, an existing one is updated
// only while every field is as read (compare-and-set), and the codes it writes are free (codes.ts). When
// a guard fails (another import or an edit got there first) the catalogue is read and planned again,
// and what is already as the file says is now unchanged: two imports of one file at once create each
// product once, and the same file applied twice changes nothing the second time.

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { plural } from "../../../../shared/plural";
import type { Db } from "../../../db/client";
import { errorText, isGuardFailure, requireChanged } from "../../../db/guards";
import { rowsPerStatement } from "../../../db/limits";
import { productPriceChanges, products, productVariants } from "../../../db/schema";
import { isConstraint } from "../../sales/statements";
import { conflict, invalid } from "../../shared/errors";
import { codesFreeGuards, type WrittenCode } from "../codes";
import { companyVariantsRead } from "../variants";
import type { CsvRow } from "./parse";
import { type CatalogueProduct, type Plan, type PlanSummary, type ProductWrite, planImport } from "./plan";

/** The company's products with their sizes' codes, as the plan and the export read them. */
export async function readCatalogue(db: Db, companyId: number): Promise<CatalogueProduct[]> {
  const [rows, variants] = await db.batch([
    db.select().from(products).where(eq(products.companyId, companyId)),
    companyVariantsRead(db, companyId),
  ]);
  const sizes = new Map<number, CatalogueProduct["variants"]>();
  for (const v of variants) {
    const list = sizes.get(v.productId) ?? [];
    list.push({ size: v.size, barcode: v.barcode, sku: v.sku });
    sizes.set(v.productId, list);
  }
  return rows.map((p) => ({
    id: p.id,
    referenceCode: p.referenceCode,
    brand: p.brand,
    model: p.model,
    color: p.color,
    category: p.category,
    gender: p.gender,
    unitPrice: p.unitPrice,
    boxPrice: p.boxPrice,
    costPrice: p.costPrice,
    taxClass: p.taxClass,
    isActive: p.isActive,
    variants: sizes.get(p.id) ?? [],
  }));
}

/** The plan of a file against the company's catalogue as it is now. */
export async function dryRun(db: Db, companyId: number, rows: CsvRow[]): Promise<Plan> {
  return planImport(rows, await readCatalogue(db, companyId));
}

/** Products per batch: each brings its update or insert, a guard, price history rows and its sizes. */
const PRODUCTS_PER_BATCH = 40;
const ATTEMPTS = 4;
const KEY_HELD = "idempotency_key_held";

export const IMPORT_HAS_ERRORS = (n: number) =>
  `El archivo tiene ${plural(n, "error", "errores")}; corrígelos (ve la vista previa) y vuelve a importarlo. Nada cambió.`;
export const IMPORT_RACED =
  "El catálogo cambió muchas veces mientras se importaba; vuelve a aplicar el archivo (lo que ya quedó igual no cambia)";

export interface ImportResult {
  summary: PlanSummary;
}

/** The statements of one product's write (`id` is the product's, or the SQL that finds a new one). */
function writeStatements(db: Db, companyId: number, userId: number, w: ProductWrite): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  const written: WrittenCode[] = [];
  let id: number | SQL<number>;
  if (!w.existing) {
    id = sql<number>`(SELECT id FROM products WHERE company_id = ${companyId} AND reference_code = ${w.reference})`;
    const s = w.set;
    out.push(
      db
        .insert(products)
        .values({
          companyId,
          referenceCode: w.reference,
          brand: s.brand ?? "",
          model: s.model ?? "",
          color: s.color ?? null,
          category: s.category ?? null,
          gender: s.gender ?? null,
          unitPrice: s.unitPrice ?? 0,
          boxPrice: s.boxPrice ?? null,
          costPrice: s.costPrice ?? null,
          isActive: s.isActive ?? true,
          // without an IVA column, a new product takes the company's (Configuración), as every create does
          taxClass: s.taxClass ?? sql`(SELECT default_tax_class FROM companies WHERE id = ${companyId})`,
        })
        .onConflictDoNothing(),
      requireChanged(db, "csv_reference_free"),
    );
    written.push({ code: w.reference, productId: id, size: null, kind: "reference" });
  } else {
    const p = w.existing;
    id = p.id;
    if (Object.keys(w.set).length > 0) {
      out.push(
        db
          .update(products)
          .set({ ...w.set, updatedAt: new Date().toISOString() })
          .where(
            and(
              eq(products.companyId, companyId),
              eq(products.id, p.id),
              // every field as read: an edit meanwhile makes the import read and plan again
              sql`${products.brand} IS ${p.brand} AND ${products.model} IS ${p.model} AND ${products.color} IS ${p.color}
                AND ${products.category} IS ${p.category} AND ${products.gender} IS ${p.gender}
                AND ${products.unitPrice} IS ${p.unitPrice} AND ${products.boxPrice} IS ${p.boxPrice}
                AND ${products.costPrice} IS ${p.costPrice} AND ${products.taxClass} IS ${p.taxClass}
                AND ${products.isActive} IS ${p.isActive ? 1 : 0}`,
            ),
          ),
        requireChanged(db, "csv_product_as_read"),
        ...w.priceChanges.map((c) =>
          db.insert(productPriceChanges).values({
            companyId,
            productId: p.id,
            field: c.field,
            oldValue: c.oldValue,
            newValue: c.newValue,
            userId,
          }),
        ),
      );
    }
  }
  // sizes: 7 values a row (a new product's id binds its company and reference)
  for (const group of rowsPerStatement(w.sizes, 7)) {
    const [first, ...rest] = group.map((s) => ({
      companyId,
      productId: id,
      size: s.size,
      barcode: s.barcode,
      sku: s.sku,
      updatedAt: new Date().toISOString(),
    }));
    if (!first) continue;
    out.push(
      db
        .insert(productVariants)
        .values([first, ...rest])
        .onConflictDoUpdate({
          target: [productVariants.productId, productVariants.size],
          set: {
            barcode: sql`excluded.barcode`,
            sku: sql`excluded.sku`,
            updatedAt: sql`excluded.updated_at`,
          },
        }),
    );
  }
  for (const s of w.sizes) {
    if (s.barcode) written.push({ code: s.barcode, productId: id, size: s.size, kind: "barcode" });
    if (s.sku) written.push({ code: s.sku, productId: id, size: s.size, kind: "sku" });
  }
  out.push(...codesFreeGuards(db, companyId, written));
  return out;
}

/**
 * Applies a file: refused whole (422) while it has errors; else writes its plan batch by batch, planning
 * again after a guard fails. The summary counts what this call wrote (a second apply of the same file
 * counts every product unchanged).
 */
export async function applyImport(
  db: Db,
  actor: { id: number; companyId: number },
  rows: CsvRow[],
): Promise<ImportResult> {
  const done = { products_created: 0, products_updated: 0, sizes_created: 0, sizes_updated: 0 };
  let total = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const plan = await dryRun(db, actor.companyId, rows);
    if (plan.errors.length > 0) throw invalid(IMPORT_HAS_ERRORS(plan.errors.length));
    if (attempt === 0)
      total = plan.summary.products_created + plan.summary.products_updated + plan.summary.products_unchanged;
    try {
      for (let i = 0; i < plan.writes.length; i += PRODUCTS_PER_BATCH) {
        const part = plan.writes.slice(i, i + PRODUCTS_PER_BATCH);
        const [first, ...rest] = part.flatMap((w) => writeStatements(db, actor.companyId, actor.id, w));
        if (!first) continue;
        await db.batch([first, ...rest]);
        for (const w of part) {
          if (!w.existing) done.products_created++;
          else if (Object.keys(w.set).length > 0) done.products_updated++;
          done.sizes_created += w.sizes.filter((s) => s.isNew).length;
          done.sizes_updated += w.sizes.filter((s) => !s.isNew).length;
        }
      }
      return {
        summary: {
          rows: rows.length,
          ...done,
          products_unchanged: Math.max(0, total - done.products_created - done.products_updated),
          errors: 0,
        },
      };
    } catch (err) {
      // another call holds this call's Idempotency-Key: the middleware answers as that call did
      if (errorText(err).includes(KEY_HELD)) throw conflict(IMPORT_RACED);
      if (!isGuardFailure(err) && !isConstraint(err, "UNIQUE")) throw err;
    }
  }
  throw conflict(IMPORT_RACED);
}
