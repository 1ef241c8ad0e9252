import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { expect } from "vitest";
import { hashPassword } from "../../../worker/auth/password";
import { createDb } from "../../../worker/db/client";
import { companies, inventory, locations, products, userDirectory, users } from "../../../worker/db/schema";
import { companyDbOf, everyCompanyDb, placeCompanyOn, platformDatabases } from "../../../worker/db/shards";
import { createAccount } from "../../../worker/domain/accounts/user-directory";
import { NO_PASSWORD, syncGrant } from "../../../worker/domain/platform/grant";
import { stockChangeStatements } from "../../../worker/domain/stock/ledger";
import app, { type AppType } from "../../../worker/index";
import { assertContract } from "./contract";

export const PASSWORD = "Horma#2026";
export const DEMO = {
  superuser: "super@horma.co",
  boss: "boss@demo.horma.co",
  administrador: "admin@demo.horma.co",
  bodeguero: "bodega@demo.horma.co",
  seller: "vendedor@demo.horma.co",
  corredor: "corredor@demo.horma.co",
  otherAdmin: "admin@otra.horma.co",
  otherSeller: "vendedor@otra.horma.co",
} as const;

/** The demo company's shard (SHARD_1): where the demo data the tests read lives. */
export const db = () => createDb(env.SHARD_1);
/** The platform database: companies and their billing, plans, invoices, superusers, the directory. */
export const platform = () => createDb(env.PLATFORM);
/** The shard of any company, as the Worker finds it (the directory). */
export const dbOf = (companyId: number) => companyDbOf(env, companyId);

/** The database an account lives on (its company's shard, the platform for a superuser), by e-mail. */
export async function homeOf(email: string) {
  const [entry] = await platform().select().from(userDirectory).where(eq(userDirectory.email, email)).limit(1);
  if (!entry) throw new Error(`no account ${email}`);
  return entry.companyId === null ? platform() : dbOf(entry.companyId);
}

// Tables both sides have: a company's own row and its plan's on its shard (syncGrant), accounts
// (superusers on the platform), their failed logins and Idempotency-Keys, and D1's own.
const SHARED_TABLES = new Set([
  "companies",
  "plans",
  "users",
  "login_attempts",
  "idempotency_keys",
  "batch_guards",
  "d1_migrations",
  "sqlite_sequence",
  "_cf_KV",
  "_cf_METADATA",
]);
const PLATFORM_TABLES = new Set(["subscription_changes", "invoices", "company_directory", "user_directory"]);

/**
 * The rows that sit on the wrong side (docs/sharding.md): a company table with rows on the platform
 * database, a platform table with rows on a shard, a company user on the platform or a superuser on a shard.
 * Empty when every query went through the directory.
 */
export async function misplacedRows(): Promise<string[]> {
  const countsOf = async (database: ReturnType<typeof platform>) => {
    const tables = await database.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table'`);
    const counted = await Promise.all(
      tables
        .filter((t) => !SHARED_TABLES.has(t.name))
        .map(async (t) => {
          const [row] = await database.all<{ n: number }>(sql.raw(`SELECT COUNT(*) AS n FROM "${t.name}"`));
          return { table: t.name, n: Number(row?.n ?? 0) };
        }),
    );
    return counted.filter((c) => c.n > 0);
  };
  const wrong: string[] = [];
  for (const { table, n } of await countsOf(platform()))
    if (!PLATFORM_TABLES.has(table)) wrong.push(`PLATFORM.${table}: ${n}`);
  const [platformStaff] = await platform().all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM users WHERE role <> 'superuser'`,
  );
  if (Number(platformStaff?.n ?? 0) > 0) wrong.push(`PLATFORM.users (company accounts): ${platformStaff?.n}`);
  for (const [i, shard] of everyCompanyDb(env).entries()) {
    for (const { table, n } of await countsOf(shard))
      if (PLATFORM_TABLES.has(table)) wrong.push(`SHARD_${i + 1}.${table}: ${n}`);
    // a shard holds superusers only as copies without a password (syncSuperusers)
    const [superusers] = await shard.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM users WHERE role = 'superuser' AND password_hash <> ${NO_PASSWORD}`,
    );
    if (Number(superusers?.n ?? 0) > 0) wrong.push(`SHARD_${i + 1}.users (superusers): ${superusers?.n}`);
  }
  return wrong;
}

/** An account's row by e-mail, read where it lives (undefined when there is none). */
export async function accountRow(email: string): Promise<typeof users.$inferSelect | undefined> {
  const [entry] = await platform().select().from(userDirectory).where(eq(userDirectory.email, email)).limit(1);
  if (!entry) return undefined;
  const home = entry.companyId === null ? platform() : await dbOf(entry.companyId);
  const [row] = await home.select().from(users).where(eq(users.id, entry.id)).limit(1);
  return row;
}

/** A company of the platform by subdomain ("demo", "otra"), as the superuser's console reads it. */
export async function companyNamed(subdomain: string) {
  const [row] = await platform().select().from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
  if (!row) throw new Error(`no company ${subdomain}`);
  return row;
}

/**
 * Changes a company's row straight in the tables, on the platform and on its shard alike (the platform's
 * grant and the shard's copy of it, or the shard's own settings); answers the row as it is now.
 */
export async function updateCompanyRow(which: number | string, set: Partial<typeof companies.$inferInsert>) {
  const company = typeof which === "string" ? await companyNamed(which) : await companyById(which);
  await platform().update(companies).set(set).where(eq(companies.id, company.id));
  const [row] = await (await dbOf(company.id))
    .update(companies)
    .set(set)
    .where(eq(companies.id, company.id))
    .returning();
  if (!row) throw new Error(`company ${company.id} has no row on its shard`);
  return row;
}

async function companyById(id: number) {
  const [row] = await platform().select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new Error(`no company ${id}`);
  return row;
}

/**
 * A company written straight to the tables, as the platform creates one: its platform row, its place on
 * a shard (the demo company's unless told) and its own row there.
 */
export async function insertCompany(values: typeof companies.$inferInsert, shard = "SHARD_1") {
  const [row] = await platform().insert(companies).values(values).returning();
  if (!row) throw new Error("company not inserted");
  await placeCompanyOn(env, row.id, shard);
  await syncGrant(platformDatabases(env), row.id);
  return row;
}

/** A user written straight to its company's shard (or the platform, for a superuser), with its directory row. */
export async function insertUser(values: Omit<typeof users.$inferInsert, "id">) {
  const home = values.companyId == null ? platform() : await dbOf(values.companyId);
  let inserted: typeof users.$inferSelect | undefined;
  await createAccount(platform(), home, values.companyId ?? null, values.email, async (id) => {
    [inserted] = await home
      .insert(users)
      .values({ ...values, id })
      .returning();
    return inserted !== undefined;
  });
  if (!inserted) throw new Error(`user ${values.email} not inserted`);
  return inserted;
}

const ORIGIN = "http://horma.test";

type Init = Omit<RequestInit, "body"> & { token?: string; json?: unknown; body?: BodyInit };

/**
 * Hands `request` to the Worker's own fetch in-process (the same Hono app with every middleware, the real
 * D1, R2 and Durable Objects), waits for the work it left running (waitUntil: idempotency records, audit
 * photos), and checks the answer against the OpenAPI document. Not through the harness's
 * `exports.default`: in this workerd test runner each call through it costs more than the one before
 * (measured: 4 ms at first, 80 ms after 500 calls, 500 ms after 1,200), which made the suite minutes
 * longer; WebSocket upgrades still go through it (transfers.test.ts).
 */
async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request.clone(), env, ctx);
  await waitOnExecutionContext(ctx);
  await assertContract(request, response);
  return response;
}

/**
 * A raw call of the Worker (any path, any body, however malformed), checked against the OpenAPI
 * document. Calls with well-formed input use `client()`, whose answers the Worker types.
 */
export async function api(path: string, init: Init = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return send(new Request(`${ORIGIN}${path}`, { ...init, headers, body }));
}

export interface ClientOptions {
  /** Headers every call carries. */
  headers?: Record<string, string>;
  /**
   * Query parameters every call carries: the superuser's `company_id`, which every company route
   * reads outside its own typed input.
   */
  query?: Record<string, string>;
}

/**
 * The Worker's routes as typed calls (`hc<AppType>`, as the SPA's client in web/src/api/http.ts), sent
 * through the same path as `api()`: in-process and checked against the OpenAPI document. With a
 * token, every call carries it as the bearer.
 */
export function client(token?: string, { headers = {}, query = {} }: ClientOptions = {}) {
  return hc<AppType>(ORIGIN, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return send(new Request(url, init));
    },
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
  }).api.v1;
}

/** A numeric id as the `:id` path parameter of a typed call. */
export const byId = (id: number) => ({ id: String(id) });

/** A raw or typed answer. */
export type AnyResponse = Response | ClientResponse<unknown, number, string>;

/** The JSON answer of a typed call when it succeeds, as the Worker types it. */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, "json">
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : T
    : never;

/** A route with no typed JSON success answer: `ok()` gives this, so reading any field fails to compile. */
type NoAnswer = "ok(): the Worker types no JSON success answer for this route";

/**
 * Asserts that a typed call answered `status` (200 unless told) and returns its JSON answer, typed
 * by the Worker. A different status fails with the answer's text.
 */
export async function ok<R extends ClientResponse<unknown, number, string>>(
  call: R | Promise<R>,
  status: SuccessStatusCode = 200,
): Promise<[Answer<R>] extends [never] ? NoAnswer : Answer<R>> {
  const res = await call;
  expect(res.status, res.status === status ? undefined : await res.clone().text()).toBe(status);
  return res.json() as never;
}

const tokens = new Map<string, Promise<string>>();

async function freshLogin(email: string, password: string): Promise<string> {
  const res = await client().auth.auth["login-json"].$post({ json: { email, password } });
  expect(res.status, `login ${email}`).toBe(200);
  return (await ok(res)).access_token;
}

/** One login per demo user, shared by concurrent callers (a burst of logins would trip the lockout). */
export function login(email: string, password = PASSWORD): Promise<string> {
  if (password !== PASSWORD) return freshLogin(email, password);
  let token = tokens.get(email);
  if (!token) {
    token = freshLogin(email, password);
    tokens.set(email, token);
    token.catch(() => tokens.delete(email));
  }
  return token;
}

export function forgetTokens() {
  tokens.clear();
}

/**
 * The `detail` of an error answer's JSON, if it has one. The typed client types success answers only
 * (the routes throw their errors), so error answers are read through this, not cast.
 */
export function detailOf(body: unknown): unknown {
  return body && typeof body === "object" && "detail" in body ? body.detail : undefined;
}

/** Asserts an error answer: status and a Spanish `detail` string. */
export async function expectError(res: AnyResponse, status: number, detail?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type") ?? "").toContain("application/json");
  const text = detailOf(await res.json());
  expect(typeof text).toBe("string");
  if (typeof detail === "string") expect(text).toBe(detail);
  else if (detail) expect(text).toMatch(detail);
  return String(text);
}

/** The demo roles a route's guard must refuse (403) — run the same call with each. */
export async function expectDenied(
  roles: readonly (keyof typeof DEMO)[],
  call: (token: string) => Promise<AnyResponse>,
) {
  for (const role of roles) {
    const res = await call(await login(DEMO[role]));
    expect(res.status, `${role} should be refused`).toBe(403);
    expect(typeof detailOf(await res.json())).toBe("string");
  }
}

export function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** A tiny real JPEG header followed by filler: passes the magic-byte check. */
export function jpeg(bytes = 1024): File {
  const data = new Uint8Array(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return new File([data], "recibo.jpg", { type: "image/jpeg" });
}

const LOGIN_PATH = "/api/v1/auth/auth/login-json";

/** Whether `email` logs in with `password` right now (the login's status). */
export async function loginStatus(email: string, password: string): Promise<number> {
  const res = await api(LOGIN_PATH, { method: "POST", json: { email, password } });
  await res.body?.cancel();
  return res.status;
}

/** Fails logins for `email` until the rate limit locks it (the next attempt is a 429). */
export async function lockOut(email: string) {
  for (let i = 0; i < 5; i++) expect(await loginStatus(email, "incorrecta-123")).toBe(401);
  expect(await loginStatus(email, "incorrecta-123")).toBe(429);
}

/** One inventory cell of a demo product (zeros when the cell does not exist yet). */
export async function inventoryCell(ref: string, locationId: number, size: string) {
  const [p] = await db().select().from(products).where(eq(products.referenceCode, ref));
  const [row] = await db()
    .select()
    .from(inventory)
    .where(and(eq(inventory.productId, p?.id ?? 0), eq(inventory.locationId, locationId), eq(inventory.size, size)));
  return row ?? { pairs: 0, leftFeet: 0, rightFeet: 0, reservedPairs: 0, reservedLeft: 0, reservedRight: 0 };
}

/** Gives a cell exactly `pairs` pairs through the ledger (an adjustment), as the API paths keep it. */
export async function setPairs(companyId: number, ref: string, locationId: number, size: string, pairs: number) {
  const delta = pairs - (await inventoryCell(ref, locationId, size)).pairs;
  if (delta === 0) return;
  const [p] = await db().select().from(products).where(eq(products.referenceCode, ref));
  await db().batch(
    stockChangeStatements(db(), {
      companyId,
      productId: p?.id ?? 0,
      locationId,
      size,
      delta: { pairs: delta },
      reason: "adjustment",
    }),
  );
}

/** A location of the demo data by its name (unique there), on whichever shard holds it. */
export async function locationNamed(name: string) {
  for (const shard of everyCompanyDb(env)) {
    const [row] = await shard.select().from(locations).where(eq(locations.name, name));
    if (row) return row;
  }
  throw new Error(`no location named ${name}`);
}

/**
 * A demo-company user written straight to the table, as data from before issue 32 §1: a bodeguero or a
 * seller without a location (`at` null) or at one of the other kind, which the API no longer creates.
 * Signs them in (the demo password) and answers the token.
 */
export async function legacyUser(email: string, role: "bodeguero" | "seller", at: string | null): Promise<string> {
  const demo = await companyNamed("demo");
  await insertUser({
    companyId: demo.id,
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Sin",
    lastName: "Alcance",
    role,
    locationId: at === null ? null : (await locationNamed(at)).id,
  });
  return login(email);
}

/** The catalogue price of a demo reference, in pesos (sales are priced from the catalogue). */
export async function priceOf(ref: string, companyId?: number): Promise<number> {
  const [row] = await db()
    .select({ unitPrice: products.unitPrice })
    .from(products)
    .where(
      and(eq(products.referenceCode, ref), companyId === undefined ? undefined : eq(products.companyId, companyId)),
    )
    .limit(1);
  if (!row) throw new Error(`no product ${ref}`);
  return row.unitPrice / 100;
}

/**
 * Publishes a product in the storefront as the administrador's "Publicar en la tienda" leaves it: a photo
 * in R2 and the flag set (written directly: most tests only need a published product to reserve).
 */
export async function publishForTest(ref: string, companyId?: number): Promise<number> {
  const [p] = await db()
    .select({ id: products.id, companyId: products.companyId })
    .from(products)
    .where(
      companyId === undefined
        ? eq(products.referenceCode, ref)
        : and(eq(products.referenceCode, ref), eq(products.companyId, companyId)),
    );
  if (!p) throw new Error(`no product ${ref}`);
  const key = `company/${p.companyId}/products/${p.id}/photo.jpg`;
  await env.FILES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { httpMetadata: { contentType: "image/jpeg" } });
  await db().update(products).set({ imageKey: key, isPublished: true }).where(eq(products.id, p.id));
  return p.id;
}
