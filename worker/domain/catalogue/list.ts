// The catalogue: one page of products with their search and filters.

import { and, asc, desc, eq, type like, or, type SQL, sql } from "drizzle-orm";
import type { Category } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { exhibitionUnits, PRODUCT_ID, productView, scanReferences, singleFeet, unitsOnHand } from "./view";

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
