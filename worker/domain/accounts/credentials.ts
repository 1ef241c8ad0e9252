// Passwords set by someone else (an administrador for staff, the boss for administradores, the
// superuser for bosses and administradores), unlocking an account the login rate limit locked, and a
// user changing their own password. A new password clears the account's failed-login state too.
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { NEW_PASSWORD_SAME } from "../../../shared/messages";
import { forgetAccount } from "../../auth/accounts";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { loginAttempts, type Role, users } from "../../db/schema";
import { invalid, malformed, notFound, tooMany } from "../shared/errors";
import { acquireAttempt, attemptFailed, attemptSucceeded, tooManyAttemptsMessage } from "./login-throttle";
import { isStrongPassword, STAFF_MIN_LENGTH, STRONG_PASSWORD_MESSAGE } from "./passwords";

export const WRONG_CURRENT_PASSWORD = "La contraseña actual no es correcta";
export const SAME_PASSWORD = NEW_PASSWORD_SAME;
export const STAFF_PASSWORD_MESSAGE = `La contraseña debe tener al menos ${STAFF_MIN_LENGTH} caracteres`;

/** Boss and superuser passwords follow the strong rules (design §5); every other role needs 6+. */
export function passwordProblem(role: Role, password: string): string | null {
  if (role === "boss" || role === "superuser") return isStrongPassword(password) ? null : STRONG_PASSWORD_MESSAGE;
  return password.length >= STAFF_MIN_LENGTH ? null : STAFF_PASSWORD_MESSAGE;
}

/** Whose password a caller may set: a company's users of some roles, or (superuser) any company's. */
export interface Target {
  userId: number;
  /** null: any company (the superuser) */
  companyId: number | null;
  roles: readonly Role[];
}

async function findTarget(db: Db, target: Target) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, target.userId),
        inArray(users.role, [...target.roles]),
        target.companyId === null ? isNotNull(users.companyId) : eq(users.companyId, target.companyId),
      ),
    )
    .limit(1);
  if (!user) throw notFound("Usuario no encontrado");
  return user;
}

/** Sets another user's password (422 when it breaks the rules of the user's role) and unlocks them. */
export async function resetPassword(db: Db, target: Target, password: string) {
  const user = await findTarget(db, target);
  const problem = passwordProblem(user.role, password);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(users.id, user.id)),
    db.delete(loginAttempts).where(eq(loginAttempts.email, user.email)),
  ]);
  forgetAccount(user.id);
  return { id: user.id, email: user.email };
}

/** Clears the failed-login state of a user (they may log in again at once); answers whether it was locked. */
export async function unlockAccount(db: Db, target: Target, now = new Date()) {
  const user = await findTarget(db, target);
  const [removed] = await db.delete(loginAttempts).where(eq(loginAttempts.email, user.email)).returning();
  const wasLocked = removed?.lockedUntil != null && Date.parse(removed.lockedUntil) > now.getTime();
  return { id: user.id, email: user.email, was_locked: wasLocked };
}

export const unlockedMessage = (wasLocked: boolean) =>
  wasLocked ? "Cuenta desbloqueada exitosamente" : "La cuenta no estaba bloqueada";

/** The e-mails among `emails` locked by failed logins right now, with the end of the lock. */
export async function lockedUntilByEmail(db: Db, emails: readonly string[], now = new Date()) {
  const locked = new Map<string, string>();
  if (emails.length === 0) return locked;
  const rows = await db
    .select({ email: loginAttempts.email, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.email, [...emails]), gt(loginAttempts.lockedUntil, now.toISOString())));
  for (const row of rows) if (row.lockedUntil) locked.set(row.email, row.lockedUntil);
  return locked;
}

/**
 * A user changes their own password. The current one is checked like a login (the same rate limit:
 * guesses through this call count as failed logins); wrong → 400.
 */
export async function changeOwnPassword(db: Db, userId: number, current: string, next: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound("Usuario no encontrado");
  const problem = passwordProblem(user.role, next);
  if (problem) throw invalid(problem);
  const refused = await acquireAttempt(db, user.email);
  if (refused) {
    throw tooMany(tooManyAttemptsMessage(refused.retryAfterMs), Math.ceil(refused.retryAfterMs / 1000));
  }
  if (!(await verifyPassword(current, user.passwordHash))) {
    await attemptFailed(db, user.email, new Date());
    throw malformed(WRONG_CURRENT_PASSWORD);
  }
  await attemptSucceeded(db, user.email);
  if (current === next) throw invalid(SAME_PASSWORD);
  const passwordHash = await hashPassword(next);
  // every session ends (the epoch rises here, not by the trigger, so RETURNING answers it); the
  // caller's goes on with a token of the new epoch
  const [changed] = await db
    .update(users)
    .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(users.id, user.id))
    .returning({ id: users.id, role: users.role, companyId: users.companyId, sessionEpoch: users.sessionEpoch });
  forgetAccount(user.id);
  if (!changed) throw notFound("Usuario no encontrado");
  return changed;
}
