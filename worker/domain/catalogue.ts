// The catalogue as the administrador and the boss manage it: search and filter, one product's page
// (stock per size and location, prices and their history, scan references, the ledger), and edits.
// Price changes are recorded with who made them; sales keep the prices they were made at.
import { and, asc, desc, eq, isNotNull, type like, or, type SQL, sql } from "drizzle-orm";
import type { Category, Gender, PriceField } from "../../shared/constants";
import type { Db } from "../db/client";
import { isGuardFailure, requireChanged } from "../db/guards";
import {
  inventory,
  locations,
  type MOVEMENT_REASONS,
  productEmbeddings,
  productPriceChanges,
  products,
  productVariants,
  stockMovements,
  users,
} from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import type { Page } from "../lib/paging";
import { fileUrl } from "../lib/uploads";
import { toCentavos, toPesos } from "./money";

type Product = typeof products.$inferSelect;

export const SORTS = ["reference", "brand", "price", "stock", "updated"] as const;
export interface CatalogueQuery {
  q?: string | undefined;
  category?: Category | undefined;
  brand?: string | undefined;
  active: "true" | "false" | "all";
  stock?: "with" | "without" | undefined;
  scan?: "with" | "without" | undefined;
  sort: (typeof SORTS)[number];
  order: "asc" | "desc";
  page: number;
  page_size: number;
}

const pesos = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

// correlated on the outer products row by name: drizzle writes a column bare inside a select list,
// where it would bind to the subquery's own table instead
const PRODUCT_ID = sql.raw(`"products"."id"`);
const unitsOnHand = sql<number>`(SELECT COALESCE(SUM(i.pairs), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
const singleFeet = sql<number>`(SELECT COALESCE(SUM(i.left_feet + i.right_feet), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
const exhibitionUnits = sql<number>`(SELECT COALESCE(SUM(i.exhibition), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
const scanReferences = sql<number>`(SELECT COUNT(*) FROM product_embeddings e WHERE e.product_id = ${PRODUCT_ID})`;

/** A product as the catalogue screens show it (cost included: these routes are administrador/boss only). */
export function productView(p: Product) {
  return {
    id: p.id,
    reference_code: p.referenceCode,
    brand: p.brand,
    model: p.model,
    color: p.color,
    description: p.description,
    category: p.category,
    gender: p.gender,
    unit_price: toPesos(p.unitPrice),
    box_price: pesos(p.boxPrice),
    cost_price: pesos(p.costPrice),
    is_active: p.isActive,
    /** shown in the storefront (with its photo) while active */
    published: p.isPublished,
    image_url: fileUrl(p.imageKey),
    video_url: fileUrl(p.videoKey),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** Accented letters as SQLite's lower() leaves them (it folds ASCII only), and their plain letter. */
const ACCENTS: [string, string][] = [
  ..."áàäâÁÀÄÂ".split("").map((ch): [string, string] => [ch, "a"]),
  ..."éèëêÉÈËÊ".split("").map((ch): [string, string] => [ch, "e"]),
  ..."íìïîÍÌÏÎ".split("").map((ch): [string, string] => [ch, "i"]),
  ..."óòöôÓÒÖÔ".split("").map((ch): [string, string] => [ch, "o"]),
  ..."úùüûÚÙÜÛ".split("").map((ch): [string, string] => [ch, "u"]),
  ["ñ", "n"],
  ["Ñ", "n"],
  ["ç", "c"],
  ["Ç", "c"],
];

/** A text column lower-case and without accents, as `foldText` folds what is typed. */
function folded(column: SQL | Parameters<typeof like>[0]): SQL {
  // the letters are constants written into the statement (not bound): D1 takes at most 100 parameters
  return ACCENTS.reduce<SQL>(
    (text, [from, to]) => sql`replace(${text}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`,
    sql`lower(${column})`,
  );
}

/** What is typed, folded as `folded` folds a column: lower case, no accents (NFD marks removed). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One typed word: in the brand, model, colour or reference (no accents, any case), or a size's code. */
function wordCondition(word: string): SQL {
  const pattern = likePattern(word);
  const text = (column: Parameters<typeof like>[0]) => sql`${folded(column)} LIKE ${pattern} ESCAPE '\\'`;
  return or(
    text(products.referenceCode),
    text(products.brand),
    text(products.model),
    text(products.color),
    sql`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = ${PRODUCT_ID} AND (lower(v.barcode) LIKE ${pattern} ESCAPE '\\' OR lower(v.sku) LIKE ${pattern} ESCAPE '\\'))`,
  ) as SQL;
}

/**
 * The admin catalogue's search: every typed word must be in the product (brand, model, colour,
 * reference code, or a size's barcode or SKU), in any order, without accents or case ("adidas blanco",
 * "onix" for Ónix); the whole text also finds a code typed with its spaces ("NIKE AIRM-01").
 */
function searchCondition(q: string): SQL {
  const typed = foldText(q).replace(/\s+/g, " ").trim();
  // a few words are a search; more are a pasted text (and each word binds six parameters)
  const words = [...new Set(typed.split(" ").filter(Boolean))].slice(0, 8);
  const whole = wordCondition(typed);
  return words.length > 1 ? (or(whole, and(...words.map(wordCondition))) as SQL) : whole;
}

/** One page of the company's catalogue with its filters, and how many products match in all. */
export async function listCatalogue(db: Db, companyId: number, query: CatalogueQuery) {
  const q = query.q?.trim();
  const where = and(
    eq(products.companyId, companyId),
    query.active === "all" ? undefined : eq(products.isActive, query.active === "true"),
    q ? searchCondition(q) : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.brand ? sql`${products.brand} = ${query.brand} COLLATE NOCASE` : undefined,
    query.stock === "with" ? sql`${unitsOnHand} + ${singleFeet} + ${exhibitionUnits} > 0` : undefined,
    query.stock === "without" ? sql`${unitsOnHand} + ${singleFeet} + ${exhibitionUnits} = 0` : undefined,
    query.scan === "with" ? sql`${scanReferences} > 0` : undefined,
    query.scan === "without" ? sql`${scanReferences} = 0` : undefined,
  );
  const sortColumn = {
    reference: products.referenceCode,
    brand: sql`${products.brand} || ' ' || ${products.model}`,
    price: products.unitPrice,
    stock: unitsOnHand,
    updated: products.updatedAt,
  }[query.sort];
  const direction = query.order === "desc" ? desc : asc;
  const [rows, counted, brands] = await db.batch([
    db
      .select({
        product: products,
        pairs: unitsOnHand,
        singles: singleFeet,
        exhibition: exhibitionUnits,
        references: scanReferences,
      })
      .from(products)
      .where(where)
      .orderBy(direction(sortColumn), asc(products.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: sql<number>`COUNT(*)` }).from(products).where(where),
    db
      .selectDistinct({ brand: products.brand })
      .from(products)
      .where(eq(products.companyId, companyId))
      .orderBy(asc(products.brand)),
  ]);
  return {
    products: rows.map((r) => ({
      ...productView(r.product),
      stock: { pairs: Number(r.pairs), single_feet: Number(r.singles), exhibition: Number(r.exhibition) },
      scan_references: Number(r.references),
    })),
    total: Number(counted[0]?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
    brands: brands.map((b) => b.brand),
  };
}

export async function productOf(db: Db, companyId: number, productId: number): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .limit(1);
  if (!row) throw notFound("Producto no encontrado");
  return row;
}

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

/** Ledger rows a product's page carries (the newest). */
export const DETAIL_MOVEMENTS = 50;

const sizeOrder = (a: string, b: string) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b);

/** The product's photo is now the stored file `key` (the old one stays in R2, unreferenced). */
export async function replaceProductPhoto(db: Db, companyId: number, productId: number, key: string) {
  const [row] = await db
    .update(products)
    .set({ imageKey: key, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .returning();
  if (!row) throw notFound("Producto no encontrado");
  return productView(row);
}

/** One product's page: sizes with their codes and stock per location, price history, scan references, ledger. */
export async function productDetail(db: Db, companyId: number, productId: number) {
  const product = await productOf(db, companyId, productId);
  const [cells, variants, prices, references] = await db.batch([
    db
      .select({ cell: inventory, location: locations.name, type: locations.type })
      .from(inventory)
      .innerJoin(locations, eq(locations.id, inventory.locationId))
      .where(and(eq(inventory.companyId, companyId), eq(inventory.productId, productId))),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.companyId, companyId), eq(productVariants.productId, productId))),
    db
      .select({ change: productPriceChanges, firstName: users.firstName, lastName: users.lastName })
      .from(productPriceChanges)
      .leftJoin(users, eq(users.id, productPriceChanges.userId))
      .where(and(eq(productPriceChanges.companyId, companyId), eq(productPriceChanges.productId, productId)))
      .orderBy(desc(productPriceChanges.createdAt), desc(productPriceChanges.id)),
    db
      .select({ source: productEmbeddings.source, count: sql<number>`COUNT(*)` })
      .from(productEmbeddings)
      .where(and(eq(productEmbeddings.companyId, companyId), eq(productEmbeddings.productId, productId)))
      .groupBy(productEmbeddings.source),
  ]);
  const sizes = [...new Set([...cells.map((c) => c.cell.size), ...variants.map((v) => v.size)])].sort(sizeOrder);
  const bySource = Object.fromEntries(references.map((r) => [r.source, Number(r.count)]));
  const totalReferences = references.reduce((a, r) => a + Number(r.count), 0);
  return {
    product: productView(product),
    sizes: sizes.map((size) => {
      const variant = variants.find((v) => v.size === size);
      const here = cells.filter((c) => c.cell.size === size);
      return {
        size,
        barcode: variant?.barcode ?? null,
        sku: variant?.sku ?? null,
        locations: here.map(({ cell, location, type }) => ({
          location_id: cell.locationId,
          location_name: location,
          location_type: type,
          pairs: cell.pairs,
          left_feet: cell.leftFeet,
          right_feet: cell.rightFeet,
          exhibition: cell.exhibition,
          reserved_pairs: cell.reservedPairs,
        })),
        total_pairs: here.reduce((a, c) => a + c.cell.pairs, 0),
      };
    }),
    price_history: prices.map(({ change, firstName, lastName }) => ({
      field: change.field,
      old_value: pesos(change.oldValue),
      new_value: pesos(change.newValue),
      user_name: firstName ? `${firstName} ${lastName ?? ""}`.trim() : null,
      created_at: change.createdAt,
    })),
    scan_references: {
      total: totalReferences,
      photo: bySource.photo ?? 0,
      video_frame: bySource.video_frame ?? 0,
      scan: bySource.scan ?? 0,
      status: totalReferences === 0 ? ("sin_huellas" as const) : ("con_huellas" as const),
    },
    // the 50 latest, and how many there are (GET /products/:id/movements pages through the rest)
    movements: await productMovements(db, companyId, productId, { limit: DETAIL_MOVEMENTS, offset: 0 }),
    movements_total: await productMovementsCount(db, companyId, productId),
  };
}

export interface ProductChanges {
  brand?: string | undefined;
  model?: string | undefined;
  color?: string | null | undefined;
  description?: string | null | undefined;
  category?: Category | null | undefined;
  gender?: Gender | null | undefined;
  unit_price?: number | undefined;
  box_price?: number | null | undefined;
  cost_price?: number | null | undefined;
  is_active?: boolean | undefined;
  published?: boolean | undefined;
}

export const PUBLISH_NEEDS_PHOTO =
  "Agrega una foto al producto antes de publicarlo en la tienda: la tienda en línea solo muestra productos con foto.";

const PRICE_COLUMNS = { unit_price: "unitPrice", box_price: "boxPrice", cost_price: "costPrice" } as const;

/** The recorded price changes an edit makes, in centavos (a field left out or unchanged is none). */
export function priceChangesOf(
  current: Pick<Product, "unitPrice" | "boxPrice" | "costPrice">,
  changes: ProductChanges,
) {
  const out: { field: PriceField; oldValue: number | null; newValue: number | null }[] = [];
  for (const field of Object.keys(PRICE_COLUMNS) as PriceField[]) {
    const wanted = changes[field];
    if (wanted === undefined) continue;
    const newValue = wanted === null ? null : toCentavos(wanted);
    const oldValue = current[PRICE_COLUMNS[field]];
    if (newValue !== oldValue) out.push({ field, oldValue, newValue });
  }
  return out;
}

/**
 * Edits a product. The update is guarded by the prices read (compare-and-set), so two editors racing
 * on a price both land in the history in order with the right "from" values; a lost race is retried.
 */
export async function updateProduct(
  db: Db,
  actor: { id: number; companyId: number },
  productId: number,
  changes: ProductChanges,
) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = await productOf(db, actor.companyId, productId);
    if (changes.published === true && current.imageKey === null) throw conflict(PUBLISH_NEEDS_PHOTO);
    const priceChanges = priceChangesOf(current, changes);
    const set: Partial<typeof products.$inferInsert> = {
      ...(changes.brand !== undefined ? { brand: changes.brand } : {}),
      ...(changes.model !== undefined ? { model: changes.model } : {}),
      ...(changes.color !== undefined ? { color: changes.color } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
      ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
      ...(changes.published !== undefined ? { isPublished: changes.published } : {}),
      ...Object.fromEntries(priceChanges.map((c) => [PRICE_COLUMNS[c.field], c.newValue])),
      updatedAt: new Date().toISOString(),
    };
    const samePrices = and(
      sql`${products.unitPrice} IS ${current.unitPrice}`,
      sql`${products.boxPrice} IS ${current.boxPrice}`,
      sql`${products.costPrice} IS ${current.costPrice}`,
    );
    try {
      await db.batch([
        db
          .update(products)
          .set(set)
          .where(
            and(
              eq(products.companyId, actor.companyId),
              eq(products.id, productId),
              samePrices,
              // published only with its photo, whatever changed since it was read
              changes.published === true ? isNotNull(products.imageKey) : undefined,
            ),
          ),
        requireChanged(db, "product prices unchanged since read"),
        ...priceChanges.map((c) =>
          db.insert(productPriceChanges).values({
            companyId: actor.companyId,
            productId,
            field: c.field,
            oldValue: c.oldValue,
            newValue: c.newValue,
            userId: actor.id,
          }),
        ),
      ]);
      return productView(await productOf(db, actor.companyId, productId));
    } catch (err) {
      if (!isGuardFailure(err)) throw err;
    }
  }
  throw conflict("El producto cambió mientras se guardaba; vuelve a intentarlo");
}
