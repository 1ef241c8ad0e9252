// The one module that reaches a database (issue 34, docs/sharding.md). Every query of the Worker and the
// Durable Object gets its database here: the platform's (companies, plans, subscriptions, invoices, the
// directory) or a company's. Today one D1 binding (`DB`) holds both; when company data moves to shards,
// only this module learns where each company lives, and `tests/domain/db-access.test.ts` fails on any
// other use of a binding.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createDb, type Db } from "./client";
import { type KeyHolder, withCommitMark } from "./commit-mark";

type Bindings = Pick<Env, "DB">;

/** The platform's database: companies and their billing, plans, invoices, the login directory. */
export function platformDb(env: Bindings): Db {
  return createDb(env.DB);
}

/**
 * The database of the caller's company, for this request: the one an Idempotency-Key's commit mark
 * wraps (`markCompanyWrites`), so the call's first write takes the key in its own transaction.
 */
export function companyDb(c: Context<AppEnv>): Db {
  return createDb(c.env.DB);
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
 * The rest of this request writes to its company's database through `mark` (worker/db/commit-mark.ts):
 * the Idempotency-Key middleware's hold on the key.
 */
export function markCompanyWrites(c: Context<AppEnv>, mark: KeyHolder): void {
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
