// Staff accounts across the areas (issue 15): a company's administradores (boss, superuser), passwords
// set by someone else, unlocking a login lock, and every user's own password.
import { type Answer, api, type Body, byId, call, withKey, withSignal } from "./http";

type BossAdministradores = typeof api.boss.boss.administradores;

export type Administradores = Answer<BossAdministradores["$get"]>;
type AdministradorCreated = Answer<BossAdministradores["$post"]>;
type PasswordSet = Answer<BossAdministradores[":id"]["password"]["$put"]>;
type Unlocked = Answer<BossAdministradores[":id"]["unlock"]["$post"]>;
type ActiveSet = Answer<BossAdministradores[":id"]["active"]["$put"]>;
/** Deactivating the company's last active administrador needs `confirmLast`. */
export type ActiveChange = { is_active: boolean; confirm_last?: boolean };

/** The superuser console's route takes the same body (checked where it is sent, below). */
export type NewAdministrador = Body<BossAdministradores["$post"]>;

/** What the administradores panel needs; the boss area and the superuser console each give one. */
export type AdministradoresApi = {
  list: (signal?: AbortSignal) => Promise<Administradores>;
  create: (admin: NewAdministrador, idempotencyKey: string) => Promise<AdministradorCreated>;
  setPassword: (userId: number, password: string) => Promise<PasswordSet>;
  unlock: (userId: number) => Promise<Unlocked>;
  setActive: (userId: number, change: ActiveChange) => Promise<ActiveSet>;
};

const boss = api.boss.boss.administradores;

/** The boss's own company (or the company a superuser chose for the boss area). */
export const bossAdministradores: AdministradoresApi = {
  list: (signal) => call(boss.$get(undefined, withSignal(signal))),
  create: (admin, key) => call(boss.$post({ json: admin }, withKey(key))),
  setPassword: (id, password) => call(boss[":id"].password.$put({ param: byId(id), json: { password } })),
  unlock: (id) => call(boss[":id"].unlock.$post({ param: byId(id) })),
  setActive: (id, change) => call(boss[":id"].active.$put({ param: byId(id), json: change })),
};

/** The superuser console, for one company. */
export function superuserAdministradores(companyId: number): AdministradoresApi {
  const company = api.superadmin.companies[":id"].administradores;
  return {
    list: (signal) => call(company.$get({ param: byId(companyId) }, withSignal(signal))),
    create: (admin, key) => call(company.$post({ param: byId(companyId), json: admin }, withKey(key))),
    setPassword: setCompanyUserPassword,
    unlock: unlockCompanyUser,
    setActive: (id, change) => call(api.superadmin.users[":id"].active.$put({ param: byId(id), json: change })),
  };
}

/** Superuser: a boss's or an administrador's password (a boss needs the strong rules). */
export const setCompanyUserPassword = (userId: number, password: string) =>
  call(api.superadmin.users[":id"].password.$put({ param: byId(userId), json: { password } }));
export const unlockCompanyUser = (userId: number) =>
  call(api.superadmin.users[":id"].unlock.$post({ param: byId(userId) }));

/** Administrador: a staff member's (vendedor, bodeguero, corredor) password and login lock. */
export const setStaffPassword = (userId: number, password: string) =>
  call(api.admin.admin.users[":id"].password.$put({ param: byId(userId), json: { password } }));
export const unlockStaff = (userId: number) => call(api.admin.admin.users[":id"].unlock.$post({ param: byId(userId) }));

/** Every user: their own password, with the current one. */
export function changeOwnPassword(currentPassword: string, newPassword: string) {
  return call(api.auth.auth.password.$put({ json: { current_password: currentPassword, new_password: newPassword } }));
}
