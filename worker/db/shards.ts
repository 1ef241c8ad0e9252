// The one module that reaches a database (issue 34, docs/sharding.md). The platform database holds what
// is about the platform (companies and their billing, plans, invoices, superusers, the directory); each
// company's own data lives on one of the shards (SHARD_1, SHARD_2, …), as the directory says. Every query
// of the Worker and the Durable Object gets its database here, and `tests/domain/db-access.test.ts` fails
// on any other use of a binding.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { BOOKMARK_HEADER, bookmarkHeader, parseBookmark } from "../../shared/bookmark";
import { appConfig } from "../config";
import type { AppEnv } from "../env";
import { COMPANY_MOVING_MARK, companyMoving, invalid, notFound } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { createDb, type Db } from "./client";
import { type KeyHolder, withCommitMark } from "./commit-mark";
import { type D1Trace, roundTrips, TRACE_HEADER, traceAsked, traced } from "./d1-trace";
import { errorText } from "./guards";
import { idSpaceSql } from "./id-spaces";
import { readClaims } from "./request-claims";

type Bindings = Pick<Env, "PLATFORM" | "SHARDS">;

/** A company shard: its binding's name, the region it was created in, the binding. */
export interface Shard {
  name: string;
  region: string;
  binding: D1Database;
}

/** Where a company lives (its directory row). */
export interface Placement {
  shard: string;
  region: string;
  movingSince: string | null;
  version: number;
}

/** The platform's database: companies and their billing, plans, invoices, superusers, the directory. */
export function platformDb(env: Bindings): Db {
  return createDb(env.PLATFORM);
}

/** Every shard the Worker has (SHARDS = "SHARD_1:enam,SHARD_2:weur"), in that order. */
export function shardsOf(env: Bindings): Shard[] {
  return String(env.SHARDS)
    .split(",")
    .map((entry) => entry.trim().split(":"))
    .flatMap(([name = "", region = ""]) => {
      // bindings are declared in wrangler.toml; SHARDS names which of them are company shards
      const binding = (env as unknown as Record<string, D1Database | undefined>)[name];
      return binding && region ? [{ name, region, binding }] : [];
    });
}

/** How many shards a region has. */
export function shardsIn(env: Bindings, region: string): number {
  return shardsOf(env).filter((s) => s.region === region).length;
}

function shardNamed(env: Bindings, name: string): Shard {
  const shard = shardsOf(env).find((s) => s.name === name);
  if (!shard) throw new Error(`shard ${name} is not bound (wrangler.toml, SHARDS)`);
  return shard;
}

// A directory row changes only when a company is placed or moved; a move raises its version and waits
// out this cache before it deletes the old rows (tools/shard-move).
export const PLACEMENT_TTL_MS = 60_000;
const placements = new TtlCache<number, Placement | null>(PLACEMENT_TTL_MS);

/** The company's directory row (cached in the isolate), or null for an unknown company. */
export async function placementOf(env: Bindings, companyId: number): Promise<Placement | null> {
  const known = placements.get(companyId);
  if (known) return known;
  const row = await env.PLATFORM.prepare(
    "SELECT shard, region, moving_since AS movingSince, version FROM company_directory WHERE company_id = ?",
  )
    .bind(companyId)
    .first<Placement>();
  // an unknown company is not remembered: it may be placed a moment later
  if (row) placements.set(companyId, row);
  return row ?? null;
}

/** Call after placing or moving a company. */
export function forgetPlacement(companyId: number): void {
  placements.delete(companyId);
}

async function shardOfCompany(env: Bindings, companyId: number): Promise<Shard> {
  const placement = await placementOf(env, companyId);
  if (!placement) throw notFound("Empresa no encontrada");
  return shardNamed(env, placement.shard);
}

/**
 * The database of a company named by id, outside its users' requests: the storefront's showcase company,
 * the company's TransferHub, the superuser's work on a company, the scheduled jobs.
 */
export async function companyDbOf(env: Bindings, companyId: number): Promise<Db> {
  return createDb((await shardOfCompany(env, companyId)).binding);
}

/**
 * The company's database for the TransferHub's writes: a D1 session on the primary (wrapped by the commit
 * mark of a keyed call), and the bookmark after them, which the Worker's answer carries (continueAt).
 */
export async function hubDbOf(env: Bindings, companyId: number, mark: KeyHolder | undefined) {
  const shard = await shardOfCompany(env, companyId);
  const session = shard.binding.withSession("first-primary");
  // drizzle's D1 driver only prepares and batches, which a session does as the database does
  const database = session as unknown as D1Database;
  return {
    db: createDb(mark ? withCommitMark(database, mark) : database),
    /** where the hub's writes left the shard, named by it (shared/bookmark.ts) */
    bookmark: (): string | null => {
      const at = session.getBookmark();
      return at ? bookmarkHeader(shard.name, at) : null;
    },
  };
}

/** Every shard's database: jobs over all companies, and lookups by a public link. */
export function everyCompanyDb(env: Bindings): Db[] {
  return shardsOf(env).map((s) => createDb(s.binding));
}

/** One shard's database by its binding's name (placement, the seed, the move tool). */
export function shardDb(env: Bindings, name: string): Db {
  return createDb(shardNamed(env, name).binding);
}

/**
 * Where a token's account lives: its company's shard, or the platform for a superuser (no company).
 * The isolate caches both the directory row and the account.
 */
export async function accountsDb(env: Bindings, companyId: number | null): Promise<Db> {
  return companyId === null ? platformDb(env) : companyDbOf(env, companyId);
}

// ---------------------------------------------------------------- the request's own database

/** The bench's Worker only (a BENCH_D1 binding that wrangler.toml never sets): its D1 calls counted. */
function benchTrace(c: Context<AppEnv>): D1Trace | null {
  // not a declared binding: only `npm run bench` starts a Worker with it
  const bench = (c.env as { BENCH_D1?: string }).BENCH_D1 === "1";
  return bench ? traceAsked(c.req.header(TRACE_HEADER)) : null;
}

/**
 * Resolves the caller's home database from the token (its company's shard, or the platform for a
 * superuser) before the routes run, so `companyDb(c)` is a plain lookup; answers the session's newest
 * bookmark (X-D1-Bookmark, named by its shard) when the request used it.
 */
export const companySessions = createMiddleware<AppEnv>(async (c, next) => {
  const trace = benchTrace(c);
  if (trace) c.set("d1Trace", trace);
  const claims = await readClaims(c, appConfig(c.env).jwtSecret);
  if (claims) {
    // the superuser works on the company its call names (worker/auth/tenant.ts), outside its console
    const companyId = claims.cid ?? namedCompany(c);
    const home = companyId === null ? null : await placementOf(c.env, companyId);
    // a token of a company the directory does not know: requireAuth answers it (401/403)
    if (claims.cid === null || home) c.set("home", home ? home.shard : null);
    // a company being moved (move-company.ts) reads on; its writes wait for the move
    if (home?.movingSince && !READS.has(c.req.method)) throw companyMoving();
  }
  await next();
  // the source shard refused a write: the move flipped or is under way, so read the directory again
  if (c.error && errorText(c.error).includes(COMPANY_MOVING_MARK) && claims) {
    const companyId = claims.cid ?? namedCompany(c);
    if (companyId !== null) forgetPlacement(companyId);
  }
  const session = c.get("d1Session");
  const bookmark = session?.session.getBookmark();
  if (session && bookmark) c.header(BOOKMARK_HEADER, bookmarkHeader(session.shard, bookmark));
  if (trace) {
    c.header("X-D1-Calls", String(trace.spans.length));
    c.header("X-D1-Round-Trips", String(roundTrips(trace)));
  }
});

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The company a superuser's call names (`?company_id=` or X-Company-Id), except on its console and sign-in. */
function namedCompany(c: Context<AppEnv>): number | null {
  if (/^\/api\/v1\/(superadmin|auth)\//.test(c.req.path)) return null;
  const raw = c.req.query("company_id") ?? c.req.header("X-Company-Id");
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

/**
 * The request's D1 session (the Sessions API) on its company's shard, opened on first use: reads may go to
 * a replica no older than the bookmark the caller sent back (from its last answer on that shard), writes
 * go to the primary. A malformed bookmark, or one of another database, is ignored.
 */
function sessionOf(c: Context<AppEnv>): D1DatabaseSession {
  let opened = c.get("d1Session");
  if (!opened) {
    const home = c.get("home");
    if (!home) {
      // a superuser's call that names no company, or one the directory does not know (as tenantId answers)
      if (namedCompany(c) === null) throw invalid("Indica la empresa (company_id) para operar como superusuario");
      throw notFound("Empresa no encontrada");
    }
    const asked = parseBookmark(c.req.header(BOOKMARK_HEADER));
    const start = asked?.database === home ? asked.bookmark : "first-unconstrained";
    opened = { shard: home, session: shardNamed(c.env, home).binding.withSession(start) };
    c.set("d1Session", opened);
  }
  const trace = c.get("d1Trace");
  return trace ? traced(opened.session, trace) : opened.session;
}

/**
 * The rest of this request reads its company's shard from `bookmark` on (the TransferHub's writes, made
 * on their own connection): a new session no older than it, so the answer shows what the hub wrote and
 * carries the newer bookmark. A bookmark of another shard, or malformed, changes nothing.
 */
export function continueAt(c: Context<AppEnv>, bookmark: string | null | undefined): void {
  const at = parseBookmark(bookmark);
  const home = c.get("home");
  if (!at || !home || at.database !== home) return;
  const session = shardNamed(c.env, home).binding.withSession(at.bookmark);
  c.set("d1Session", { shard: home, session });
  // not wrapped by the commit mark: the hub's write took the call's Idempotency-Key already
  c.set("companyDatabase", session as unknown as D1Database);
}

/**
 * The database of the caller's company, for this request: its D1 session, or the session wrapped by the
 * Idempotency-Key's commit mark (`markWrites`) so the call's first write takes the key in its own
 * transaction. One wrapper per request: it remembers whether the key went in.
 */
export function companyDb(c: Context<AppEnv>): Db {
  let database = c.get("companyDatabase");
  if (!database) {
    // drizzle's D1 driver only prepares and batches, which a session does as the database does
    database = sessionOf(c) as unknown as D1Database;
    c.set("companyDatabase", database);
  }
  return createDb(database);
}

/**
 * The database this request's account and Idempotency-Key live on: the company's (as companyDb), or the
 * platform's for a superuser on its console and its own account (/auth).
 */
export function accountDb(c: Context<AppEnv>): Db {
  return c.get("home") ? companyDb(c) : platformDb(c.env);
}

/**
 * The rest of this request writes through `mark` (worker/db/commit-mark.ts): the Idempotency-Key
 * middleware's hold on the key, taken with the call's first write to the caller's own database (their
 * company's session, or the platform's for the superuser's routes).
 */
export function markWrites(c: Context<AppEnv>, mark: KeyHolder): void {
  if (c.get("home")) c.set("companyDatabase", withCommitMark(sessionOf(c) as unknown as D1Database, mark));
  else c.env = { ...c.env, PLATFORM: withCommitMark(c.env.PLATFORM, mark) };
}

/** A round trip to every database, for the health checks. */
export async function pingDatabases(env: Bindings): Promise<void> {
  await Promise.all([env.PLATFORM, ...shardsOf(env).map((s) => s.binding)].map((d) => d.prepare("SELECT 1").first()));
}

// ---------------------------------------------------------------- the platform's view of the shards

/** What the superuser's work needs: the platform database, each company's shard, and placement. */
export interface Databases {
  platform: Db;
  /** the shard of a placed company (404 for an unknown one) */
  company(companyId: number): Promise<Db>;
  /** the name of a placed company's shard, to group companies by shard */
  shardNameOf(companyId: number): Promise<string>;
  shard(name: string): Db;
  /** every shard's name */
  shardNames: string[];
  /** the regions that have shards, in the order of SHARDS (the first is the default) */
  regions: string[];
  /** places a new company on a shard of the region (the least used), writing its directory row */
  place(companyId: number, region: string): Promise<string>;
}

export function platformDatabases(env: Bindings): Databases {
  const shards = shardsOf(env);
  return {
    platform: platformDb(env),
    company: (companyId) => companyDbOf(env, companyId),
    shardNameOf: async (companyId) => (await shardOfCompany(env, companyId)).name,
    shard: (name) => shardDb(env, name),
    shardNames: shards.map((s) => s.name),
    regions: [...new Set(shards.map((s) => s.region))],
    place: (companyId, region) => placeCompany(env, companyId, region),
  };
}

/** Places a company on a named shard unless it has a place already (the seed); answers where it is. */
export async function placeCompanyOn(env: Bindings, companyId: number, name: string): Promise<string> {
  const shard = shardNamed(env, name);
  await env.PLATFORM.prepare(
    "INSERT INTO company_directory (company_id, shard, region) VALUES (?, ?, ?) ON CONFLICT (company_id) DO NOTHING",
  )
    .bind(companyId, shard.name, shard.region)
    .run();
  forgetPlacement(companyId);
  return (await placementOf(env, companyId))?.shard ?? shard.name;
}

/**
 * Placement (docs/sharding.md): the region's shards (every shard when the region has none), the one whose
 * database is smallest (D1 reports its size with every answer), then the one with fewer companies.
 */
async function placeCompany(env: Bindings, companyId: number, region: string): Promise<string> {
  const all = shardsOf(env);
  const inRegion = all.filter((s) => s.region === region);
  const candidates = inRegion.length > 0 ? inRegion : all;
  const [sizes, counted] = await Promise.all([
    Promise.all(candidates.map(async (s) => (await s.binding.prepare("SELECT 1").run()).meta.size_after ?? 0)),
    env.PLATFORM.prepare("SELECT shard, COUNT(*) AS n FROM company_directory GROUP BY shard").all<{
      shard: string;
      n: number;
    }>(),
  ]);
  const companiesOn = new Map(counted.results.map((r) => [r.shard, Number(r.n)]));
  const ranked = candidates
    .map((s, i) => ({ s, size: Number(sizes[i] ?? 0), n: companiesOn.get(s.name) ?? 0 }))
    .sort((a, b) => a.size - b.size || a.n - b.n);
  const chosen = ranked[0]?.s;
  if (!chosen) throw new Error("no company shard is bound (wrangler.toml, SHARDS)");
  await env.PLATFORM.prepare(
    "INSERT INTO company_directory (company_id, shard, region) VALUES (?, ?, ?) ON CONFLICT (company_id) DO NOTHING",
  )
    .bind(companyId, chosen.name, chosen.region)
    .run();
  forgetPlacement(companyId);
  const placed = await placementOf(env, companyId);
  return placed?.shard ?? chosen.name;
}

/** The two shards of a company move (worker/domain/platform/move-company.ts), by their bindings' names. */
export function moveBindings(env: Bindings, from: string, to: string): { source: Shard; target: Shard } {
  return { source: shardNamed(env, from), target: shardNamed(env, to) };
}

/**
 * Gives every shard its own id range (worker/db/id-spaces.ts), numbered by its binding (SHARD_k → k) so
 * a shard keeps its range whatever the order of SHARDS. Run after the migrations (the seed, the tests).
 */
export async function prepareShards(env: Bindings): Promise<void> {
  for (const shard of shardsOf(env)) {
    const k = Number(/^SHARD_(\d+)$/.exec(shard.name)?.[1] ?? 0);
    if (k < 1) throw new Error(`a shard's binding is named SHARD_<n>: ${shard.name}`);
    await shard.binding.batch(idSpaceSql(k).map((statement) => shard.binding.prepare(statement)));
  }
}
