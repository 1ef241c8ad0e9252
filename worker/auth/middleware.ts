import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import { companies, locations, type Role, users } from "../db/schema";
import type { AppEnv, AuthUser } from "../env";
import { ApiError, forbidden, unauthorized } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { readToken } from "./token";

export const INACTIVE_ACCOUNT = "Tu cuenta está desactivada. Contacta al administrador.";
export const SUSPENDED_COMPANY = "La empresa está suspendida. Contacta al administrador de la plataforma.";
export const DELETED_COMPANY = "La empresa ya no está activa en la plataforma.";

export type AccountRow = {
  isActive: boolean;
  companyStatus: string | null;
  companyDeletedAt: string | null;
};

/** The same account checks run at login and on every authenticated call. */
export function assertAccountUsable(row: AccountRow): void {
  if (!row.isActive) throw forbidden(INACTIVE_ACCOUNT);
  if (row.companyDeletedAt) throw forbidden(DELETED_COMPANY);
  if (row.companyStatus === "suspended") throw forbidden(SUSPENDED_COMPANY);
}

export type Account = NonNullable<Awaited<ReturnType<typeof queryAccount>>>;

/** Account state per user id, for ACCOUNT_TTL_MS; see TtlCache for the staleness bound. */
const ACCOUNT_TTL_MS = 3_000;
const accounts = new TtlCache<number, Account | null>(ACCOUNT_TTL_MS);

/** Call after changing a user's active flag, role, location or password. */
export function forgetAccount(userId: number): void {
  accounts.delete(userId);
}

/** Call after suspending, activating or deleting a company. */
export function forgetCompanyAccounts(companyId: number): void {
  accounts.deleteWhere((account) => account?.companyId === companyId);
}

export function loadAccount(d1: D1Database, userId: number): Promise<Account | null> {
  return accounts.getOrLoad(userId, () => queryAccount(d1, userId));
}

async function queryAccount(d1: D1Database, userId: number) {
  const db = createDb(d1);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      companyId: users.companyId,
      locationId: users.locationId,
      locationName: locations.name,
      isActive: users.isActive,
      companyStatus: companies.subscriptionStatus,
      companyDeletedAt: companies.deletedAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Bearer token → live user row; 401 when missing/invalid, 403 when the account can no longer be used. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  const claims = await readToken(c.env.JWT_SECRET, match[1]);
  if (!claims) throw unauthorized("Sesión inválida o expirada. Inicia sesión nuevamente.");
  const row = await loadAccount(c.env.DB, claims.sub);
  if (!row) throw unauthorized("Sesión inválida o expirada. Inicia sesión nuevamente.");
  assertAccountUsable(row);
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    companyId: row.companyId,
    locationId: row.locationId,
    locationName: row.locationName,
  };
  c.set("user", user);
  await next();
});

/** Role guard; use after requireAuth. */
export function requireRole(...allowed: readonly Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!allowed.includes(c.get("user").role)) throw forbidden();
    await next();
  });
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
