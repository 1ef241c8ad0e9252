import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { db } from "./helpers";

/** Tables that change on their own (login throttling) or hold no company data. */
const SKIPPED = new Set(["d1_migrations", "login_attempts", "plans"]);

let cachedQuery: ((companyId: number) => string) | null = null;

/** One SELECT that renders every row of a company (every column, quoted) per table. */
async function snapshotQuery(): Promise<(companyId: number) => string> {
  if (cachedQuery) return cachedQuery;
  const tables = await db().all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name`,
  );
  const parts: ((companyId: number) => string)[] = [];
  for (const { name } of tables) {
    if (SKIPPED.has(name)) continue;
    const columns = (await db().all<{ name: string }>(sql.raw(`PRAGMA table_info("${name}")`))).map((c) => c.name);
    // json_array of quoted values: one flat call (a chain of || is an expression tree deeper than SQLite allows)
    const row = `json_array(${columns.map((c) => `quote("${c}")`).join(", ")})`;
    const where = columns.includes("company_id")
      ? (id: number) => `company_id = ${id}`
      : name === "companies"
        ? (id: number) => `id = ${id}`
        : columns.includes("sale_id")
          ? (id: number) => `sale_id IN (SELECT id FROM sales WHERE company_id = ${id})`
          : null;
    if (!where) continue;
    parts.push(
      (id) =>
        `(SELECT COUNT(*) || ':' || COALESCE(group_concat(r, '|'), '') FROM (SELECT ${row} AS r FROM "${name}" WHERE ${where(id)} ORDER BY rowid)) AS "${name}"`,
    );
  }
  cachedQuery = (id) => `SELECT ${parts.map((p) => p(id)).join(", ")}`;
  return cachedQuery;
}

async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Keys of the company's files in R2. */
export async function companyFiles(companyId: number): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `company/${companyId}/`, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/**
 * A digest per table of every row that belongs to the company (and of its R2 files): two snapshots
 * are equal only when nothing of the company was inserted, changed or deleted. On a difference the
 * assertion names the tables that changed.
 */
export async function companySnapshot(companyId: number): Promise<Record<string, string>> {
  const query = (await snapshotQuery())(companyId);
  const [row] = await db().all<Record<string, string>>(sql.raw(query));
  const out: Record<string, string> = {};
  for (const [table, text] of Object.entries(row ?? {})) out[table] = await digest(String(text));
  out["r2:files"] = await digest((await companyFiles(companyId)).join("\n"));
  return out;
}
