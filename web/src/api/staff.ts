// Staff accounts across the areas (issue 15): a company's administradores (boss, superuser), passwords
// set by someone else, unlocking a login lock, and every user's own password.
import * as v from "valibot";
import { OkSchema, StaffUserSchema, UserSavedSchema } from "./admin-schemas";
import { apiRequest } from "./http";

export const AdministradoresSchema = v.object({
  administradores: v.array(StaffUserSchema),
  total: v.number(),
  employees: v.object({ count: v.number(), limit: v.number() }),
  locations: v.array(v.object({ location_id: v.number(), name: v.string(), type: v.string() })),
});
export type Administradores = v.InferOutput<typeof AdministradoresSchema>;

export const UnlockedSchema = v.object({
  message: v.optional(v.string(), ""),
  was_locked: v.optional(v.boolean(), false),
});

export type NewAdministrador = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  location_id: number | null;
};

/** What the administradores panel needs; the boss area and the superuser console each give one. */
export type AdministradoresApi = {
  list: (signal?: AbortSignal) => Promise<Administradores>;
  create: (admin: NewAdministrador, idempotencyKey: string) => Promise<v.InferOutput<typeof UserSavedSchema>>;
  setPassword: (userId: number, password: string) => Promise<v.InferOutput<typeof OkSchema>>;
  unlock: (userId: number) => Promise<v.InferOutput<typeof UnlockedSchema>>;
};

const BOSS = "/api/v1/boss/boss/administradores";
const SUPER = "/api/v1/superadmin";

/** The boss's own company (or the company a superuser chose for the boss area). */
export const bossAdministradores: AdministradoresApi = {
  list: (signal) => apiRequest(BOSS, AdministradoresSchema, { signal }),
  create: (admin, key) =>
    apiRequest(BOSS, UserSavedSchema, { method: "POST", body: admin, headers: { "Idempotency-Key": key } }),
  setPassword: (id, password) => setPasswordAt(`${BOSS}/${id}/password`, password),
  unlock: (id) => unlockAt(`${BOSS}/${id}/unlock`),
};

/** The superuser console, for one company. */
export function superuserAdministradores(companyId: number): AdministradoresApi {
  const base = `${SUPER}/companies/${companyId}/administradores`;
  return {
    list: (signal) => apiRequest(base, AdministradoresSchema, { signal }),
    create: (admin, key) =>
      apiRequest(base, UserSavedSchema, { method: "POST", body: admin, headers: { "Idempotency-Key": key } }),
    setPassword: setCompanyUserPassword,
    unlock: unlockCompanyUser,
  };
}

function setPasswordAt(path: string, password: string) {
  return apiRequest(path, OkSchema, { method: "PUT", body: { password } });
}
function unlockAt(path: string) {
  return apiRequest(path, UnlockedSchema, { method: "POST", body: {} });
}

/** Superuser: a boss's or an administrador's password (a boss needs the strong rules). */
export const setCompanyUserPassword = (userId: number, password: string) =>
  setPasswordAt(`${SUPER}/users/${userId}/password`, password);
export const unlockCompanyUser = (userId: number) => unlockAt(`${SUPER}/users/${userId}/unlock`);

/** Administrador: a staff member's (vendedor, bodeguero, corredor) password and login lock. */
export const setStaffPassword = (userId: number, password: string) =>
  setPasswordAt(`/api/v1/admin/admin/users/${userId}/password`, password);
export const unlockStaff = (userId: number) => unlockAt(`/api/v1/admin/admin/users/${userId}/unlock`);

/** Every user: their own password, with the current one. */
export function changeOwnPassword(currentPassword: string, newPassword: string) {
  return apiRequest("/api/v1/auth/auth/password", OkSchema, {
    method: "PUT",
    body: { current_password: currentPassword, new_password: newPassword },
  });
}
