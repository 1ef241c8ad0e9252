// The account behind a token: its checks, and its short-lived cache (domain functions that change an
// account or a company forget it here; the middleware reads it on every call).
import { eq } from "drizzle-orm";
import { INACTIVE_ACCOUNT } from "../../shared/messages";
import type { Db } from "../db/client";
import { companies, locations, users } from "../db/schema";
import { forbidden, unauthenticated } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";

export const SUSPENDED_COMPANY = "La empresa está suspendida. Contacta al administrador de la plataforma.";
export const DELETED_COMPANY = "La empresa ya no está activa en la plataforma.";

export type AccountRow = {
  isActive: boolean;
  companyStatus: string | null;
  companyDeletedAt: string | null;
};

export const SESSION_ENDED = "Sesión inválida o expirada. Inicia sesión nuevamente.";

/**
 * A token is over once its account's password, active flag or role changed after it was issued (the
 * trigger of migration 0019 raises the epoch): 401, checked before the account's state.
 */
export function assertTokenCurrent(claims: { sv?: number }, account: { sessionEpoch: number }): void {
  if ((claims.sv ?? 0) !== account.sessionEpoch) throw unauthenticated(SESSION_ENDED);
}

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

export function loadAccount(db: Db, userId: number): Promise<Account | null> {
  return accounts.getOrLoad(userId, () => queryAccount(db, userId));
}

async function queryAccount(db: Db, userId: number) {
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
      locationType: locations.type,
      locationActive: locations.isActive,
      isActive: users.isActive,
      sessionEpoch: users.sessionEpoch,
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

export { INACTIVE_ACCOUNT };
