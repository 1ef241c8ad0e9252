// A company's codes share one namespace: a product's reference code names the product, each size's
// barcode and SKU name that size, and no code names two things. Codes are compared as the lookup reads
// them: case-insensitive (ASCII, as SQLite's lower() and NOCASE), and a 12-digit UPC-A as its EAN-13.
// The check is a guard inside the batch that writes the codes (D1 runs one batch at a time), so two
// saves racing for one code cannot both pass: the second batch sees the first one's rows.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { requireThat } from "../../db/guards";
import { chunk, MAX_BOUND_PARAMS } from "../../db/limits";
import { conflict } from "../shared/errors";

export type CodeKind = "reference" | "barcode" | "sku";

/** A code about to be written: whose it will be (a product, and a size for box codes) and what kind. */
export interface WrittenCode {
  code: string;
  /** a number, or the SQL that finds a product inserted earlier in the same batch */
  productId: number | SQL<number>;
  /** null for the product's reference code */
  size: string | null;
  kind: CodeKind;
}

/** The form two codes are compared in (SQL): lower case; a 12-digit UPC-A as its EAN-13. */
const keyOf = (code: SQL) =>
  sql`(CASE WHEN length(${code}) = 12 AND ${code} NOT GLOB '*[^0-9]*' THEN '0' || ${code} ELSE lower(${code}) END)`;

/** The same comparison form in JS (ASCII lower case only, as SQLite's lower()). */
export function codeKey(code: string): string {
  const trimmed = code.trim();
  if (/^\d{12}$/.test(trimmed)) return `0${trimmed}`;
  return trimmed.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
}

/** Each row binds its code and size (and a new product's lookup): 4 values at most; the company 3 more, the guard's name 1. */
const ROWS_PER_STATEMENT = Math.floor((MAX_BOUND_PARAMS - 4) / 4);

const literal = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * The codes of the company that clash with the written ones: equal to one of them and held by
 * another product, or by another size (or the reference) of the same product. A size's barcode equal
 * to its own SKU names the same thing and is no clash.
 */
function clashesSql(companyId: number, written: readonly WrittenCode[], first: number) {
  const rows = sql.join(
    written.map(
      (w, i) =>
        sql`(${literal(first + i)}, ${w.code}, ${typeof w.productId === "number" ? literal(w.productId) : w.productId}, ${w.size === null ? sql.raw("NULL") : w.size}, ${sql.raw(`'${w.kind}'`)})`,
    ),
    sql`, `,
  );
  return sql`WITH mine(n, code, product_id, size, kind) AS (VALUES ${rows}),
    held(key, product_id, size, kind) AS (
      SELECT ${keyOf(sql.raw("reference_code"))}, id, NULL, 'reference' FROM products WHERE company_id = ${companyId}
      UNION ALL
      SELECT ${keyOf(sql.raw("barcode"))}, product_id, size, 'barcode' FROM product_variants
        WHERE company_id = ${companyId} AND barcode IS NOT NULL
      UNION ALL
      SELECT ${keyOf(sql.raw("sku"))}, product_id, size, 'sku' FROM product_variants
        WHERE company_id = ${companyId} AND sku IS NOT NULL)
    SELECT m.n AS n, m.code AS code, m.kind AS kind, h.product_id AS holder_id, h.size AS holder_size,
      h.kind AS holder_kind
    FROM mine m JOIN held h ON h.key = ${keyOf(sql.raw("m.code"))}
    WHERE NOT (h.product_id IS m.product_id AND h.size IS m.size)`;
}

/**
 * Statements that fail the batch when one of the written codes (written by the statements before
 * them) clashes; none when nothing is written.
 */
export function codesFreeGuards(db: Db, companyId: number, written: readonly WrittenCode[]) {
  return chunk(written, ROWS_PER_STATEMENT).map((rows, k) =>
    requireThat(db, "codigo_unico", sql`NOT EXISTS (${clashesSql(companyId, rows, k * ROWS_PER_STATEMENT)})`),
  );
}

const WHAT: Record<CodeKind, string> = { reference: "El código", barcode: "El código de barras", sku: "El SKU" };

/**
 * The 409 naming who holds one of these codes now (after a batch refused them), or null when none is
 * held any more.
 */
export async function codeTaken(db: Db, companyId: number, written: readonly WrittenCode[]) {
  const chunks = chunk(written, ROWS_PER_STATEMENT);
  for (const [k, rows] of chunks.entries()) {
    const [hit] = await db.all<{
      code: string;
      kind: CodeKind;
      holder_size: string | null;
      brand: string;
      model: string;
      reference_code: string;
    }>(sql`SELECT c.code, c.kind, c.holder_size, p.brand, p.model, p.reference_code
      FROM (${clashesSql(companyId, rows, k * ROWS_PER_STATEMENT)}) c JOIN products p ON p.id = c.holder_id
      ORDER BY c.n, c.holder_kind = 'reference' DESC LIMIT 1`);
    if (!hit) continue;
    const where = `referencia ${hit.reference_code}${hit.holder_size === null ? "" : `, talla ${hit.holder_size}`}`;
    return conflict(`${WHAT[hit.kind]} ${hit.code} ya es de ${hit.brand} ${hit.model} (${where})`);
  }
  return null;
}
