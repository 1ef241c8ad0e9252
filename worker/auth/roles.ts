import { normalizeRole } from "../../shared/constants";
import type { Role } from "../db/schema";

export { normalizeRole };

/** Where each role lands (design §5: the application route table). */
export const HOME_ROUTE: Record<Role, string> = {
  superuser: "/superuser",
  administrador: "/administrador",
  boss: "/boss",
  bodeguero: "/warehouse",
  seller: "/seller",
  corredor: "/runner",
};

/** Server-side mirror of the spec's route guards, per area. */
export const AREA_ROLES = {
  superuser: ["superuser"],
  admin: ["administrador", "superuser"],
  boss: ["boss", "superuser"],
  warehouse: ["bodeguero", "administrador", "superuser"],
  seller: ["seller", "administrador", "superuser"],
  courier: ["corredor", "administrador", "superuser"],
  companyStaff: ["administrador", "boss", "bodeguero", "seller", "corredor", "superuser"],
  // whom saved notices are addressed to: a store's sellers and a warehouse's keepers (issue 32: the
  // keeper's inbox keeps the expiries the live toast only flashes)
  notices: ["seller", "bodeguero", "administrador", "superuser"],
} as const satisfies Record<string, readonly Role[]>;

/** Who sees what goods cost (unit costs, values at cost, margins): the administrador and the boss. */
export const COST_ROLES = ["administrador", "boss", "superuser"] as const satisfies readonly Role[];

export function seesCosts(role: Role): boolean {
  return (COST_ROLES as readonly Role[]).includes(role);
}
