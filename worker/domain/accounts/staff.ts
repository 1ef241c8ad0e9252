// Company staff managed by the administrador (spec 3 §3 'Staff user', §5 'New staff user'), with the
// subscription's employee limit enforced atomically (a conditional insert cannot overshoot it).
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { locationTypeFor, type ScopedRole } from "../../../shared/constants";
import { KEEPER_NEEDS_WAREHOUSE, ROLE_CANNOT_CHANGE, SELLER_NEEDS_STORE } from "../../../shared/messages";
import { forgetAccount } from "../../auth/accounts";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { companies, locations, type Role, users } from "../../db/schema";
import { conflict, invalid, notFound } from "../shared/errors";
import { lockedUntilByEmail } from "./credentials";
import { createAccount, insertedAny } from "./user-directory";

/** The roles an administrador creates and edits (vendedor is sent as seller). */
export const STAFF_ROLES = ["seller", "bodeguero", "corredor"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function staffRoleOf(raw: string): StaffRole | null {
  const role = raw.trim().toLowerCase();
  if (role === "vendedor" || role === "seller") return "seller";
  if (role === "bodeguero" || role === "corredor") return role;
  return null;
}

export const employeeLimitMessage = (max: number) =>
  `Se alcanzó el límite de empleados del plan (${max}). Actualiza la suscripción para agregar más.`;

/** Active users of the company: what max_employees counts. */
export const activeEmployees = (companyId: number) =>
  sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1)`;

async function assertLocation(db: Db, companyId: number, locationId: number | null) {
  if (locationId === null) return null;
  const [row] = await db
    .select({ id: locations.id, name: locations.name, type: locations.type, isActive: locations.isActive })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)))
    .limit(1);
  if (!row) throw notFound("Ubicación no encontrada");
  return row;
}

const NEEDS: Record<ScopedRole, { text: string; kind: string }> = {
  bodeguero: { text: KEEPER_NEEDS_WAREHOUSE, kind: "una bodega" },
  seller: { text: SELLER_NEEDS_STORE, kind: "un local" },
};

/**
 * The location a user of this role may work at (issue 32 §1): a bodeguero an active warehouse, a
 * seller an active store (422 otherwise); the other roles any location of the company, or none.
 */
async function assertLocationFits(db: Db, companyId: number, role: Role, locationId: number | null) {
  const place = await assertLocation(db, companyId, locationId);
  const needs = locationTypeFor(role);
  if (needs === null) return place;
  const { text, kind } = NEEDS[role as ScopedRole];
  if (place === null) throw invalid(text);
  if (place.type !== needs) throw invalid(`${text}: ${place.name} no es ${kind}`);
  if (!place.isActive) throw invalid(`${text}: ${place.name} está inactiva`);
  return place;
}

async function maxEmployees(db: Db, companyId: number): Promise<number> {
  const [company] = await db
    .select({ max: companies.maxEmployees })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return company?.max ?? 0;
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  locationId: number | null;
}

/**
 * Inserts a company user unless the e-mail exists anywhere on the platform (409) or the plan's employee
 * limit is reached (409): the directory (platform) hands out the id, the shard's insert checks the limit.
 */
export async function createCompanyUser(db: Db, platform: Db, companyId: number, input: NewUser): Promise<number> {
  await assertLocationFits(db, companyId, input.role, input.locationId);
  const passwordHash = await hashPassword(input.password);
  const id = await createAccount(platform, db, companyId, input.email, async (userId) =>
    insertedAny(
      await db.run(sql`
    INSERT INTO users (id, company_id, email, password_hash, first_name, last_name, role, location_id, is_active)
    SELECT ${userId}, ${companyId}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName}, ${input.role},
           ${input.locationId}, 1
    WHERE ${activeEmployees(companyId)} < (SELECT max_employees FROM companies WHERE id = ${companyId})`),
    ),
  );
  if (id === null) throw conflict(employeeLimitMessage(await maxEmployees(db, companyId)));
  return id;
}

export async function listStaff(
  db: Db,
  companyId: number,
  filters: { role?: StaffRole | undefined; locationId?: number | undefined; isActive?: boolean | undefined },
) {
  const rows = await db
    .select({ user: users, locationName: locations.name })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.role, filters.role ? [filters.role] : [...STAFF_ROLES]),
        filters.locationId === undefined ? undefined : eq(users.locationId, filters.locationId),
        filters.isActive === undefined ? undefined : eq(users.isActive, filters.isActive),
      ) as SQL,
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  const locked = await lockedUntilByEmail(
    db,
    rows.map((r) => r.user.email),
  );
  return rows.map(({ user, locationName }) => toStaffDto(user, locationName, locked.get(user.email) ?? null));
}

export function toStaffDto(
  user: typeof users.$inferSelect,
  locationName: string | null,
  lockedUntil: string | null = null,
) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`,
    role: user.role,
    location_id: user.locationId,
    location_name: locationName,
    is_active: user.isActive,
    /** end of a lock by failed logins, while it lasts */
    locked_until: lockedUntil,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

/** What an edit of a staff user changes (only the fields given). */
export interface StaffChanges {
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
  locationId?: number | null;
}

/** The e-mail and role an edit may repeat but not change (422 when they differ). */
export interface LockedStaffFields {
  email?: string | undefined;
  role?: string | undefined;
}

/** Edits name, active flag and location of a staff user; e-mail and role stay as they are. */
export async function updateStaff(
  db: Db,
  companyId: number,
  userId: number,
  changes: StaffChanges,
  locked: LockedStaffFields = {},
) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  if (!user) throw notFound("Usuario no encontrado");
  assertLockedFields(locked, user);
  const reactivating = changes.isActive === true && !user.isActive;
  const staysActive = changes.isActive ?? user.isActive;
  // a bodeguero or a seller who works (or starts again) keeps a location of their kind; one left
  // inactive may keep any location of the company, checked again when reactivated
  if (staysActive && (changes.locationId !== undefined || reactivating)) {
    const locationId = changes.locationId === undefined ? user.locationId : changes.locationId;
    await assertLocationFits(db, companyId, user.role, locationId);
  } else if (changes.locationId !== undefined) await assertLocation(db, companyId, changes.locationId);
  const set = {
    ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
    ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
    ...(changes.isActive !== undefined ? { isActive: changes.isActive } : {}),
    ...(changes.locationId !== undefined ? { locationId: changes.locationId } : {}),
    updatedAt: new Date().toISOString(),
  };
  const where = reactivating
    ? and(
        eq(users.id, userId),
        sql`${activeEmployees(companyId)} < (SELECT max_employees FROM companies WHERE id = ${companyId})`,
      )
    : eq(users.id, userId);
  const [updated] = await db.update(users).set(set).where(where).returning();
  if (!updated) throw conflict(employeeLimitMessage(await maxEmployees(db, companyId)));
  forgetAccount(userId);
  const location = updated.locationId === null ? null : await assertLocation(db, companyId, updated.locationId);
  return toStaffDto(updated, location?.name ?? null);
}

function assertLockedFields(
  body: { email?: string | undefined; role?: string | undefined },
  user: { email: string; role: string },
) {
  if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email)
    throw invalid("El correo no se puede cambiar");
  if (body.role !== undefined && staffRoleOf(String(body.role)) !== user.role) {
    throw invalid(ROLE_CANNOT_CHANGE);
  }
}

export async function getStaff(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ user: users, locationName: locations.name })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  if (!row) throw notFound("Usuario no encontrado");
  return toStaffDto(row.user, row.locationName);
}

/** The company's administradores (active and inactive), newest last, with any login lock. */
export async function listAdministradores(db: Db, companyId: number) {
  const rows = await db
    .select({ user: users, locationName: locations.name })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(and(eq(users.companyId, companyId), eq(users.role, "administrador")))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const locked = await lockedUntilByEmail(
    db,
    rows.map((r) => r.user.email),
  );
  return rows.map(({ user, locationName }) => toStaffDto(user, locationName, locked.get(user.email) ?? null));
}

/**
 * What the administradores screens show: the list, the plan's employee usage (every active user
 * counts, as for the administrador's own user creation) and the locations an administrador may get.
 */
export async function administradoresOverview(db: Db, companyId: number) {
  const [administradores, [usage], places] = await Promise.all([
    listAdministradores(db, companyId),
    db
      .select({ count: activeEmployees(companyId), limit: companies.maxEmployees })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1),
    db
      .select({ location_id: locations.id, name: locations.name, type: locations.type })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)))
      .orderBy(asc(locations.name)),
  ]);
  if (!usage) throw notFound("Empresa no encontrada");
  return {
    administradores,
    total: administradores.length,
    employees: { count: Number(usage.count), limit: usage.limit },
    locations: places,
  };
}

/** Creates an administrador of the company with the same checks as any company user (e-mail, limit). */
export async function createAdministrador(db: Db, platform: Db, companyId: number, input: Omit<NewUser, "role">) {
  const id = await createCompanyUser(db, platform, companyId, { ...input, role: "administrador" });
  return getStaff(db, companyId, id);
}

export const LAST_ADMINISTRADOR =
  "Es el último administrador activo de la empresa: sin él nadie administra usuarios ni inventario. Confirma para desactivarlo";

/**
 * The boss or the superuser deactivates or reactivates an administrador (`companyId` null: any company,
 * the superuser). One guarded UPDATE each way: the last active administrador of a company goes only with
 * `confirmLast`, and a reactivation stays within the plan's employee limit, whatever runs at the same time.
 * A deactivation ends the account's sessions (the users trigger of migration 0019).
 */
/** An administrador deactivated or reactivated; the last active one goes only with confirmLast. */
export interface AdministradorActiveChange {
  active: boolean;
  confirmLast: boolean;
}

export async function setAdministradorActive(
  db: Db,
  target: { userId: number; companyId: number | null },
  change: AdministradorActiveChange,
) {
  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId, isActive: users.isActive })
    .from(users)
    .where(
      and(
        eq(users.id, target.userId),
        eq(users.role, "administrador"),
        target.companyId === null ? undefined : eq(users.companyId, target.companyId),
      ),
    )
    .limit(1);
  if (!admin?.companyId) throw notFound("Usuario no encontrado");
  const companyId = admin.companyId;
  if (admin.isActive === change.active) return getStaff(db, companyId, admin.id);
  const otherActive = sql`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND role = 'administrador'
    AND is_active = 1 AND id <> ${admin.id})`;
  const allowed = change.active
    ? sql`${activeEmployees(companyId)} < (SELECT max_employees FROM companies WHERE id = ${companyId})`
    : change.confirmLast
      ? sql`1`
      : sql`${otherActive} > 0`;
  const [updated] = await db
    .update(users)
    .set({ isActive: change.active, updatedAt: new Date().toISOString() })
    .where(and(eq(users.id, admin.id), eq(users.isActive, !change.active), allowed))
    .returning({ id: users.id });
  forgetAccount(admin.id);
  if (!updated) {
    const [now] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, admin.id));
    // another call made the same change meanwhile: the answer is the same
    if (now?.isActive === change.active) return getStaff(db, companyId, admin.id);
    throw conflict(change.active ? employeeLimitMessage(await maxEmployees(db, companyId)) : LAST_ADMINISTRADOR);
  }
  return getStaff(db, companyId, admin.id);
}
