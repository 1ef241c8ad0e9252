// The platform's user directory (docs/sharding.md "Login and accounts"): an e-mail names one account
// platform-wide, and the directory hands out its id before the account's row is written on its
// company's shard (or on the platform, for a superuser). A batch cannot span two databases, so the
// directory row goes first and is taken back when the account's row is refused.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userDirectory, users } from "../../db/schema";
import { conflict } from "../shared/errors";

export const EMAIL_TAKEN = "Ya existe un usuario con ese correo";

/**
 * Creates an account: claims the e-mail in the directory (409 when another account has it), then runs
 * `insert(id)` on the account's database; when it inserts nothing (a limit refused it) or throws, the
 * claim is released. A claim left by a call that died between the two writes is taken over by the next
 * call for the same company, since no account row carries its id.
 */
export async function createAccount(
  platform: Db,
  home: Db,
  companyId: number | null,
  email: string,
  insert: (id: number) => Promise<boolean>,
): Promise<number | null> {
  const id = await claimEmail(platform, home, companyId, email);
  let inserted = false;
  try {
    inserted = await insert(id);
  } finally {
    if (!inserted) await platform.delete(userDirectory).where(eq(userDirectory.id, id));
  }
  return inserted ? id : null;
}

async function claimEmail(platform: Db, home: Db, companyId: number | null, email: string): Promise<number> {
  const [claimed] = await platform
    .insert(userDirectory)
    .values({ email, companyId })
    .onConflictDoNothing({ target: userDirectory.email })
    .returning({ id: userDirectory.id });
  if (claimed) return claimed.id;
  const [held] = await platform.select().from(userDirectory).where(eq(userDirectory.email, email)).limit(1);
  if (held && held.companyId === companyId) {
    const [account] = await home.select({ id: users.id }).from(users).where(eq(users.id, held.id)).limit(1);
    if (!account) return held.id;
  }
  throw conflict(EMAIL_TAKEN);
}

/** The directory row of an account id: whose it is (a superuser's has no company), or null. */
export async function directoryEntry(platform: Db, userId: number) {
  const [row] = await platform
    .select({ id: userDirectory.id, companyId: userDirectory.companyId })
    .from(userDirectory)
    .where(eq(userDirectory.id, userId))
    .limit(1);
  return row ?? null;
}

/** Inserted rows of a single INSERT … SELECT: whether its condition let the row in. */
export const insertedAny = (result: { meta: { changes?: number } }) => (result.meta.changes ?? 0) > 0;
