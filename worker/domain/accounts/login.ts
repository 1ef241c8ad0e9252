import { eq } from "drizzle-orm";
import { WRONG_CREDENTIALS } from "../../../shared/messages";
import { assertAccountUsable, INACTIVE_ACCOUNT } from "../../auth/accounts";
import { DUMMY_HASH, verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { companies, userDirectory, users } from "../../db/schema";
import { tooMany, unauthenticated } from "../shared/errors";
import { acquireAttempt, attemptFailed, attemptSucceeded, tooManyAttemptsMessage } from "./login-throttle";

export const BAD_CREDENTIALS = WRONG_CREDENTIALS;
export type PublicUser = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  role: string;
  company_id: number | null;
  location_id: number | null;
  location_name: string | null;
  company_name: string | null;
  is_active: boolean;
};

/** Checks credentials with the login rate limit; returns the user row or throws 401/403/429. */
export async function authenticate(
  platform: Db,
  homeOf: (companyId: number | null) => Promise<Db>,
  email: string,
  password: string,
  now = new Date(),
) {
  // the platform's directory says whose e-mail it is; the account, and its failed logins, are on that
  // company's shard (an unknown e-mail's on the platform, so guessing is limited all the same)
  const [entry] = await platform
    .select({ id: userDirectory.id, companyId: userDirectory.companyId })
    .from(userDirectory)
    .where(eq(userDirectory.email, email))
    .limit(1);
  const home = entry ? await homeOf(entry.companyId) : platform;
  const refused = await acquireAttempt(home, email);
  if (refused) {
    throw tooMany(tooManyAttemptsMessage(refused.retryAfterMs), Math.ceil(refused.retryAfterMs / 1000));
  }

  const [row] = entry
    ? await home
        .select({
          id: users.id,
          role: users.role,
          companyId: users.companyId,
          passwordHash: users.passwordHash,
          isActive: users.isActive,
          sessionEpoch: users.sessionEpoch,
          companyStatus: companies.subscriptionStatus,
          companyDeletedAt: companies.deletedAt,
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, entry.id))
        .limit(1)
    : [];

  const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) {
    await attemptFailed(home, email, new Date());
    throw unauthenticated(BAD_CREDENTIALS);
  }
  await attemptSucceeded(home, email);
  // Right password: the account state decides (inactive user, suspended or deleted company).
  assertAccountUsable(row);
  await home.update(users).set({ lastLoginAt: now.toISOString() }).where(eq(users.id, row.id));
  return { ...row, home };
}

export { INACTIVE_ACCOUNT };

/** The user as the SPA reads it (spec 1 §3: server user fields plus names it shows). */
export async function getPublicUser(db: Db, userId: number): Promise<PublicUser | null> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      role: true,
      companyId: true,
      locationId: true,
      isActive: true,
    },
    with: { location: { columns: { name: true } }, company: { columns: { name: true } } },
  });
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    company_id: row.companyId,
    location_id: row.locationId,
    location_name: row.location?.name ?? null,
    company_name: row.company?.name ?? null,
    is_active: row.isActive,
  };
}
