import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { conflict, forbidden } from "../shared/errors";

export const SETUP_DONE = "La instalación ya fue realizada: el superadmin inicial ya existe.";
export const BAD_SETUP_SECRET = "Clave de instalación inválida.";

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Compare digests so the time taken does not depend on where the strings differ.
  const enc = new TextEncoder();
  const [da, db] = await Promise.all([
    crypto.subtle.digest("SHA-256", enc.encode(a)),
    crypto.subtle.digest("SHA-256", enc.encode(b)),
  ]);
  const x = new Uint8Array(da);
  const y = new Uint8Array(db);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** One-time installation: works while no superuser exists, then refuses (409). */
/** The platform's first superuser, with the installation's secret key. */
export interface FirstSuperadmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  secretKey: string;
}

export async function createFirstSuperadmin(db: Db, installationSecret: string, input: FirstSuperadmin) {
  if (!(await sameSecret(input.secretKey, installationSecret))) throw forbidden(BAD_SETUP_SECRET);
  const passwordHash = await hashPassword(input.password);
  // Conditional inserts in one batch: two concurrent setups cannot both create a superuser. The account
  // is the platform's (no company), with its id from the platform's directory.
  const d1 = db.$client;
  const [, result] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO user_directory (email, company_id)
         SELECT ?1, NULL
         WHERE NOT EXISTS (SELECT 1 FROM users WHERE role = 'superuser')
           AND NOT EXISTS (SELECT 1 FROM user_directory WHERE email = ?1)`,
      )
      .bind(input.email),
    d1
      .prepare(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, role, company_id, is_active)
         SELECT d.id, ?1, ?2, ?3, ?4, 'superuser', NULL, 1
         FROM user_directory d WHERE d.email = ?1 AND changes() > 0`,
      )
      .bind(input.email, passwordHash, input.firstName, input.lastName),
  ]);
  if (!result) throw new Error("setup batch answered nothing");
  if (!result.meta.changes) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, "superuser")).limit(1);
    throw conflict(existing ? SETUP_DONE : "Ya existe un usuario con ese correo.");
  }
  const [created] = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(eq(users.email, input.email));
  return created;
}
