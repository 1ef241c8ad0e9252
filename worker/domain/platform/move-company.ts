// Moving a company to another shard (docs/sharding.md "Moving a company", `npm run shard:move`). D1 cannot
// copy between databases, so the rows travel through here, table by table, with their ids (ids are unique
// platform-wide: a shard's AUTOINCREMENT range is its own). While the rows travel, the source refuses the
// company's writes by itself (triggers: no isolate's cached directory row can slip a write past them), and
// the Worker answers those writes 503 with Retry-After. The directory flips only once the target holds the
// same rows and every invariant; a failure before the flip removes the copy and leaves the company where it
// was. The source's rows go only after every isolate's cached directory row has expired.
import { eq, sql } from "drizzle-orm";
import { forgetCompanyAccounts } from "../../auth/accounts";
import { companyDirectory } from "../../db/schema";
import { type Databases, forgetPlacement, moveBindings, PLACEMENT_TTL_MS, type Shard } from "../../db/shards";
import { COMPANY_MOVING_MARK } from "../shared/errors";
import { INVARIANT_SQL } from "../shared/invariant-sql";
import { syncGrant, syncSuperusers } from "./grant";

/**
 * Tables that are not the company's rows: bookkeeping, the plans (copied by syncGrant), login counters
 * (a 15-minute window: a move resets them), and the platform's own tables (empty on a shard).
 */
const NOT_COMPANY_ROWS = new Set([
  "d1_migrations",
  "sqlite_sequence",
  "batch_guards",
  "plans",
  "login_attempts",
  "company_directory",
  "user_directory",
  "invoices",
  "subscription_changes",
]);

/** A table to move: which of its rows are the company's (a WHERE with one `?`), and what it references. */
interface MovedTable {
  name: string;
  columns: string[];
  owned: string;
  references: string[];
}

export interface MoveOptions {
  /** how long the source keeps the rows after the flip: the directory cache's lifetime in every isolate */
  settleMs?: number;
  /** rows per D1 batch */
  chunk?: number;
  log?: (line: string) => void;
}

export interface MoveReport {
  companyId: number;
  from: string;
  to: string;
  rows: Record<string, number>;
}

type D1Row = Record<string, unknown>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const triggerName = (table: string, op: string, companyId: number) => `horma_moving_${companyId}_${table}_${op}`;

/** The tables that hold the company's rows, parents before children, read from the database itself. */
async function movedTables(db: D1Database): Promise<MovedTable[]> {
  const { results: names } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all<{ name: string }>();
  // D1's own tables (_cf_*) are not readable
  const candidates = names.map((n) => n.name).filter((n) => !NOT_COMPANY_ROWS.has(n) && !n.startsWith("_cf_"));
  // D1 authorizes PRAGMA statements, not the pragma_* table functions
  const described = await db.batch(
    candidates.flatMap((name) => [
      db.prepare(`PRAGMA table_info(${quote(name)})`),
      db.prepare(`PRAGMA foreign_key_list(${quote(name)})`),
    ]),
  );
  const tables = candidates.flatMap((name, i): MovedTable[] => {
    const columns = ((described[2 * i]?.results ?? []) as { name: string; cid: number }[])
      .sort((a, b) => a.cid - b.cid)
      .map((c) => c.name);
    const parents = [...new Set(((described[2 * i + 1]?.results ?? []) as { table: string }[]).map((p) => p.table))];
    const references = parents.filter((p) => p !== name && !NOT_COMPANY_ROWS.has(p));
    if (name === "companies") return [{ name, columns, owned: "id = ?", references: [] }];
    if (columns.includes("company_id")) return [{ name, columns, owned: "company_id = ?", references }];
    // a user's rows (the Idempotency-Keys): after the users they name, and gone before them
    if (columns.includes("user_id")) {
      const owned = "user_id IN (SELECT id FROM users WHERE company_id = ?)";
      return [{ name, columns, owned, references: [...references, "users"] }];
    }
    throw new Error(`shard:move: la tabla ${name} no dice de qué empresa es cada fila (company_id o user_id)`);
  });
  return inDependencyOrder(tables);
}

/** Parents first (a table's references are copied before it), so the target's foreign keys hold. */
export function inDependencyOrder<T extends { name: string; references: string[] }>(tables: readonly T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: T[] = [];
  // bounded: each round places at least one table, or the references form a cycle
  for (let round = 0; round < tables.length && ordered.length < tables.length; round++) {
    for (const table of tables) {
      if (done.has(table.name)) continue;
      if (table.references.every((r) => done.has(r) || !byName.has(r))) {
        ordered.push(table);
        done.add(table.name);
      }
    }
  }
  if (ordered.length < tables.length) {
    const left = tables.filter((t) => !done.has(t.name)).map((t) => t.name);
    throw new Error(`shard:move: referencias circulares entre ${left.join(", ")}`);
  }
  return ordered;
}

/** The source's guard: any insert, update or delete of the company's rows fails with COMPANY_MOVING_MARK. */
function freezeStatements(db: D1Database, tables: readonly MovedTable[], companyId: number) {
  return tables.flatMap((t) =>
    (["INSERT", "UPDATE", "DELETE"] as const).map((op) => {
      const row = op === "INSERT" ? "NEW" : "OLD";
      const owned = t.owned.replace(/^(\w+)/, `${row}.$1`).replace("?", String(companyId));
      return db.prepare(
        `CREATE TRIGGER IF NOT EXISTS ${quote(triggerName(t.name, op, companyId))} BEFORE ${op} ON ${quote(t.name)}
         WHEN ${owned} BEGIN SELECT RAISE(ABORT, '${COMPANY_MOVING_MARK}'); END`,
      );
    }),
  );
}

function thawStatements(db: D1Database, tables: readonly MovedTable[], companyId: number, ops: readonly string[]) {
  return tables.flatMap((t) =>
    ops.map((op) => db.prepare(`DROP TRIGGER IF EXISTS ${quote(triggerName(t.name, op, companyId))}`)),
  );
}

/** D1 answers a BLOB as bytes in an array; it binds typed arrays. */
function bindable(value: unknown): unknown {
  if (Array.isArray(value)) return new Uint8Array(value as number[]);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value;
}

/** Copies one table's `total` rows of the company (the source is frozen), a chunk at a time in rowid order. */
async function copyTable(
  source: D1Database,
  target: D1Database,
  t: MovedTable,
  companyId: number,
  total: number,
  chunk: number,
) {
  const insert = `INSERT INTO ${quote(t.name)} (${t.columns.map(quote).join(", ")}) VALUES (${t.columns.map(() => "?").join(", ")})`;
  const select = `SELECT rowid AS horma_rowid, ${t.columns.map(quote).join(", ")} FROM ${quote(t.name)}
    WHERE ${t.owned} AND rowid > ? ORDER BY rowid LIMIT ${chunk}`;
  let after = -1;
  let copied = 0;
  while (copied < total) {
    const { results } = await source.prepare(select).bind(companyId, after).all<D1Row>();
    if (results.length === 0) throw new Error(`shard:move: ${t.name} tenía ${total} filas y se leyeron ${copied}`);
    await target.batch(results.map((row) => target.prepare(insert).bind(...t.columns.map((c) => bindable(row[c])))));
    copied += results.length;
    after = Number(results[results.length - 1]?.horma_rowid);
  }
  return copied;
}

/**
 * Deletes the company's rows of every table (children first), a chunk at a time. An append-only table's
 * own DELETE triggers are lifted inside each chunk's batch (one transaction) and put back in it.
 */
async function deleteRows(db: D1Database, tables: readonly MovedTable[], companyId: number, chunk: number) {
  const counted = await countRows(db, tables, companyId);
  for (const t of [...tables].reverse()) {
    const total = counted[t.name] ?? 0;
    if (total === 0) continue;
    const { results: guards } = await db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND sql LIKE '%BEFORE DELETE%' AND name NOT LIKE 'horma_moving_%'",
      )
      .bind(t.name)
      .all<{ name: string; sql: string }>();
    const remove = db.prepare(
      `DELETE FROM ${quote(t.name)} WHERE rowid IN (SELECT rowid FROM ${quote(t.name)} WHERE ${t.owned} LIMIT ${chunk})`,
    );
    let deleted = 0;
    while (deleted < total) {
      const results = await db.batch([
        ...guards.map((g) => db.prepare(`DROP TRIGGER ${quote(g.name)}`)),
        remove.bind(companyId),
        ...guards.map((g) => db.prepare(g.sql)),
      ]);
      const changes = results[guards.length]?.meta.changes ?? 0;
      if (changes === 0) break; // fewer rows than counted (a cascade took them): none left
      deleted += changes;
    }
  }
}

async function countRows(db: D1Database, tables: readonly MovedTable[], companyId: number) {
  const results = await db.batch(
    tables.map((t) => db.prepare(`SELECT COUNT(*) AS n FROM ${quote(t.name)} WHERE ${t.owned}`).bind(companyId)),
  );
  return Object.fromEntries(tables.map((t, i) => [t.name, Number((results[i]?.results[0] as { n: number })?.n ?? 0)]));
}

/** Every invariant's broken rows, as text (to compare the target before and after the copy). */
async function brokenRows(db: D1Database): Promise<Set<string>> {
  const names = Object.keys(INVARIANT_SQL) as (keyof typeof INVARIANT_SQL)[];
  const results = await db.batch(names.map((name) => db.prepare(INVARIANT_SQL[name])));
  return new Set(
    names.flatMap((name, i) => (results[i]?.results ?? []).map((row) => `${name}: ${JSON.stringify(row)}`)),
  );
}

/** Reads the directory row as it is now (not the isolate's cache). */
async function directoryRow(d: Databases, companyId: number) {
  const [row] = await d.platform.select().from(companyDirectory).where(eq(companyDirectory.companyId, companyId));
  return row ?? null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves a company's rows to the shard `to` and points the directory there. Throws (and leaves the company
 * where it was, writable again) when anything before the flip fails.
 */
export async function moveCompany(
  env: Parameters<typeof moveBindings>[0],
  d: Databases,
  companyId: number,
  to: string,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const chunk = options.chunk ?? 100;
  const log = options.log ?? (() => {});
  const placed = await directoryRow(d, companyId);
  if (!placed) throw new Error(`La empresa ${companyId} no está en el directorio`);
  if (placed.shard === to) throw new Error(`La empresa ${companyId} ya está en ${to}`);
  if (placed.movingSince)
    throw new Error(`La empresa ${companyId} ya se está trasladando (desde ${placed.movingSince})`);
  const { source, target } = moveBindings(env, placed.shard, to);
  const tables = await movedTables(source.binding);

  // 1. writes refused: the directory says so (the Worker answers 503), and the source's triggers enforce it
  const marked = await d.platform
    .update(companyDirectory)
    .set({ movingSince: new Date().toISOString() })
    .where(sql`${companyDirectory.companyId} = ${companyId} AND ${companyDirectory.movingSince} IS NULL
      AND ${companyDirectory.shard} = ${placed.shard}`)
    .returning({ id: companyDirectory.companyId });
  if (marked.length === 0) throw new Error(`La empresa ${companyId} cambió de lugar mientras empezaba el traslado`);
  forgetPlacement(companyId);

  let rows: Record<string, number>;
  try {
    await source.binding.batch(freezeStatements(source.binding, tables, companyId));
    log(`${placed.shard} → ${to}: escrituras detenidas; ${tables.length} tablas`);
    rows = await copyAndCheck(d, source, target, tables, companyId, chunk, log);
  } catch (err) {
    log(`falló la copia: se borra lo copiado en ${to} y la empresa sigue en ${placed.shard}`);
    await deleteRows(target.binding, tables, companyId, chunk);
    await source.binding.batch(thawStatements(source.binding, tables, companyId, ["INSERT", "UPDATE", "DELETE"]));
    await d.platform
      .update(companyDirectory)
      .set({ movingSince: null })
      .where(eq(companyDirectory.companyId, companyId));
    forgetPlacement(companyId);
    throw err;
  }

  // 2. the flip: new readers go to the target; the version tells isolates their cached row is old
  await d.platform
    .update(companyDirectory)
    .set({ shard: to, region: target.region, movingSince: null, version: sql`${companyDirectory.version} + 1` })
    .where(eq(companyDirectory.companyId, companyId));
  forgetPlacement(companyId);
  forgetCompanyAccounts(companyId);
  log(`directorio: la empresa ${companyId} está en ${to}`);

  // 3. an isolate may still read the source until its cached row expires (its writes there stay refused)
  await wait(options.settleMs ?? PLACEMENT_TTL_MS + 5_000);
  await source.binding.batch(thawStatements(source.binding, tables, companyId, ["DELETE"]));
  await deleteRows(source.binding, tables, companyId, chunk);
  await source.binding.batch(thawStatements(source.binding, tables, companyId, ["INSERT", "UPDATE"]));
  log(`${placed.shard}: filas de la empresa borradas`);
  return { companyId, from: placed.shard, to, rows };
}

/** Copies every table, then checks the target: the same row counts as the source, no invariant broken by the copy. */
async function copyAndCheck(
  d: Databases,
  source: Shard,
  target: Shard,
  tables: readonly MovedTable[],
  companyId: number,
  chunk: number,
  log: (line: string) => void,
) {
  // leftovers of an earlier failed move (the directory never pointed there)
  await deleteRows(target.binding, tables, companyId, chunk);
  const before = await brokenRows(target.binding);
  // superusers named by the company's rows, and the company's plan row, exist on every shard
  await syncSuperusers(d);
  const from = await countRows(source.binding, tables, companyId);
  for (const t of tables) {
    const n = await copyTable(source.binding, target.binding, t, companyId, from[t.name] ?? 0, chunk);
    if (n > 0) log(`${t.name}: ${n}`);
  }
  await syncGrant(d, companyId, d.shard(target.name));
  const into = await countRows(target.binding, tables, companyId);
  const differ = tables.filter((t) => from[t.name] !== into[t.name]);
  if (differ.length > 0) {
    throw new Error(
      `shard:move: filas distintas en ${differ.map((t) => `${t.name} (${from[t.name]} → ${into[t.name]})`).join(", ")}`,
    );
  }
  const broken = [...(await brokenRows(target.binding))].filter((row) => !before.has(row));
  if (broken.length > 0)
    throw new Error(`shard:move: invariantes rotas en ${target.name}: ${broken.slice(0, 5).join("; ")}`);
  return from;
}
