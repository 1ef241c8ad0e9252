// The one module that reaches a database (issue 34, docs/sharding.md). Every query of the Worker and the
// Durable Object gets its database here: the platform's (companies, plans, subscriptions, invoices, the
// directory) or a company's. Today one D1 binding (`DB`) holds both; when company data moves to shards,
// only this module learns where each company lives, and `tests/domain/db-access.test.ts` fails on any
// other use of a binding.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { BOOKMARK_HEADER, isBookmark } from "../../shared/bookmark";
import type { AppEnv } from "../env";
import { createDb, type Db } from "./client";
import { type KeyHolder, withCommitMark } from "./commit-mark";
import { type D1Trace, roundTrips, TRACE_HEADER, traceAsked, traced } from "./d1-trace";

type Bindings = Pick<Env, "DB">;

/** The platform's database: companies and their billing, plans, invoices, the login directory. */
export function platformDb(env: Bindings): Db {
  return createDb(env.DB);
}

/**
 * The request's D1 session (the Sessions API) on its company database, opened on first use: reads may go
 * to a replica no older than the bookmark the caller sent back (X-D1-Bookmark, from its last answer),
 * writes go to the primary. A malformed bookmark is ignored.
 */
function sessionOf(c: Context<AppEnv>): D1DatabaseSession {
  let session = c.get("d1Session");
  if (!session) {
    const asked = c.req.header(BOOKMARK_HEADER);
    session = c.env.DB.withSession(isBookmark(asked) ? asked : "first-unconstrained");
    c.set("d1Session", session);
  }
  const trace = c.get("d1Trace");
  return trace ? traced(session, trace) : session;
}

/** The bench's Worker only (a BENCH_D1 binding that wrangler.toml never sets): its D1 calls counted. */
function benchTrace(c: Context<AppEnv>): D1Trace | null {
  // not a declared binding: only `npm run bench` starts a Worker with it
  const bench = (c.env as { BENCH_D1?: string }).BENCH_D1 === "1";
  return bench ? traceAsked(c.req.header(TRACE_HEADER)) : null;
}

/** Answers the session's newest bookmark (X-D1-Bookmark) when the request used its company database. */
export const companySessions = createMiddleware<AppEnv>(async (c, next) => {
  const trace = benchTrace(c);
  if (trace) c.set("d1Trace", trace);
  await next();
  const bookmark = c.get("d1Session")?.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
  if (trace) {
    c.header("X-D1-Calls", String(trace.spans.length));
    c.header("X-D1-Round-Trips", String(roundTrips(trace)));
  }
});

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
 * The database of a company named by id, outside its users' requests: the storefront's showcase
 * company, the company's TransferHub, the scheduled jobs. (Every company shares one database today.)
 */
export function companyDbOf(env: Bindings, _companyId: number): Db {
  return createDb(env.DB);
}

/** The company's binding with a commit mark: the TransferHub's writes of a keyed call. */
export function markedCompanyDbOf(env: Bindings, _companyId: number, mark: KeyHolder | undefined): Db {
  return createDb(mark ? withCommitMark(env.DB, mark) : env.DB);
}

/** Every database that holds companies: jobs over all of them, and lookups by a public link. */
export function everyCompanyDb(env: Bindings): Db[] {
  return [createDb(env.DB)];
}

/**
 * The rest of this request writes through `mark` (worker/db/commit-mark.ts): the Idempotency-Key
 * middleware's hold on the key, taken with the call's first write to whichever database the route
 * writes (the company's session, or the platform's for the superuser's routes); whichever writes first
 * takes it, once (the wrappers share the holder).
 */
export function markWrites(c: Context<AppEnv>, mark: KeyHolder): void {
  c.set("companyDatabase", withCommitMark(sessionOf(c) as unknown as D1Database, mark));
  c.env = { ...c.env, DB: withCommitMark(c.env.DB, mark) };
}

/** A round trip to every database, for the health checks. */
export async function pingDatabases(env: Bindings): Promise<void> {
  await env.DB.prepare("SELECT 1").first();
}

/**
 * Where a token's account is read (the isolate caches it): the one database today; with shards, the
 * company's, named by the token.
 */
export function accountsDb(env: Bindings): Db {
  return createDb(env.DB);
}
