/** Roles, landing routes and route guards: the spec's route table (spec 1 §2, §6; design §5). */

import { normalizeRole, ROLES, type Role } from "../../../shared/constants";

export { normalizeRole, ROLES, type Role };

export const HOME_ROUTE: Record<Role, AreaRoute> = {
  superuser: "/superuser",
  administrador: "/administrador",
  boss: "/boss",
  bodeguero: "/warehouse",
  seller: "/seller",
  corredor: "/runner",
};

/** Where a user lands after login and from "/"; roles outside the table go to the /home fallback. */
export function homeFor(role: string): AreaRoute {
  return Object.hasOwn(HOME_ROUTE, role) ? HOME_ROUTE[role as Role] : "/home";
}

export const AREA_ROUTES = [
  "/superuser",
  "/administrador",
  "/boss",
  "/warehouse",
  "/seller",
  "/runner",
  "/home",
] as const;
export type AreaRoute = (typeof AREA_ROUTES)[number];

/** The guard table; the spec's "admin" is administrador (design §5). */
export const ROUTE_ROLES: Record<AreaRoute, readonly Role[]> = {
  "/superuser": ["superuser"],
  "/administrador": ["administrador", "superuser"],
  "/boss": ["boss", "superuser"],
  "/warehouse": ["bodeguero", "administrador", "superuser"],
  "/seller": ["seller", "administrador", "superuser"],
  "/runner": ["corredor", "administrador", "superuser"],
  "/home": ROLES,
};

export function canEnter(route: AreaRoute, role: Role): boolean {
  return ROUTE_ROLES[route].includes(role);
}

export const ROLE_LABEL: Record<Role, string> = {
  superuser: "Superadministrador",
  administrador: "Administrador",
  boss: "Gerencia",
  bodeguero: "Bodeguero",
  seller: "Vendedor",
  corredor: "Corredor",
};
