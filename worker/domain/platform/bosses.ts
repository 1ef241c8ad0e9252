// A company's boss, appointed and replaced by the platform superuser (spec 2).
import { and, eq, sql } from "drizzle-orm";
import { forgetCompanyAccounts } from "../../auth/accounts";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { lockedUntilByEmail } from "../accounts/credentials";
import { activeEmployees, employeeLimitMessage } from "../accounts/staff";
import { createAccount, insertedAny } from "../accounts/user-directory";
import { conflict } from "../shared/errors";
import { companyRow, getCompany } from "./companies";

export function toBossDto(u: typeof users.$inferSelect, lockedUntil: string | null = null) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    company_id: u.companyId,
    is_active: u.isActive,
    /** end of a lock by failed logins, while it lasts */
    locked_until: lockedUntil,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

/** The company's active boss, if it has one. */
async function activeBoss(db: Db, companyId: number): Promise<typeof users.$inferSelect | undefined> {
  const [boss] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "boss"), eq(users.isActive, true)))
    .limit(1);
  return boss;
}

export async function getBoss(d: Databases, companyId: number) {
  await companyRow(d.platform, companyId);
  const db = await d.company(companyId);
  const boss = await activeBoss(db, companyId);
  if (!boss) return null;
  const locked = await lockedUntilByEmail(db, [boss.email]);
  return toBossDto(boss, locked.get(boss.email) ?? null);
}

/** Creates the company's boss, or replaces the current one (deactivated, kept for the record). */
/** The company's boss to create (or to replace the current one with). */
export interface NewBoss {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function setBoss(d: Databases, companyId: number, input: NewBoss) {
  const company = await getCompany(d, companyId);
  const db = await d.company(companyId);
  const current = await activeBoss(db, companyId);
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  if (current && current.email === input.email) {
    await db
      .update(users)
      .set({ passwordHash, firstName: input.firstName, lastName: input.lastName, updatedAt: now })
      .where(eq(users.id, current.id));
    forgetCompanyAccounts(companyId);
    return { boss: await getBoss(d, companyId), replaced: false };
  }
  // Retire the current boss first so the new one takes its place within the employee limit; if the
  // e-mail is taken or the limit still refuses it, the current boss is put back.
  if (current) await db.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.id, current.id));
  let id: number | null = null;
  try {
    id = await createAccount(d.platform, db, companyId, input.email, async (userId) =>
      insertedAny(
        await db.run(sql`
    INSERT INTO users (id, company_id, email, password_hash, first_name, last_name, role, is_active)
    SELECT ${userId}, ${companyId}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName}, 'boss', 1
    WHERE ${activeEmployees(companyId)} < (SELECT max_employees FROM companies WHERE id = ${companyId})`),
      ),
    );
  } finally {
    if (id === null && current) await db.update(users).set({ isActive: true }).where(eq(users.id, current.id));
  }
  if (id === null) throw conflict(employeeLimitMessage(company.max_employees));
  forgetCompanyAccounts(companyId);
  return { boss: await getBoss(d, companyId), replaced: current !== undefined };
}
