// A role's scope (issue 32 §1): a bodeguero works in one warehouse and a seller in one store
// (shared/constants SCOPED_ROLES). Whatever they read or change is that location's; without one (a
// user created before the rule, a location deactivated or of the other kind) they are refused, never
// widened to the whole company.

import { locationTypeFor, type ScopedRole } from "../../shared/constants";
import { KEEPER_WITHOUT_WAREHOUSE, SELLER_WITHOUT_STORE } from "../../shared/messages";
import type { Role } from "../db/schema";
import { forbidden } from "../lib/errors";

export const WITHOUT_SCOPE: Record<ScopedRole, string> = {
  bodeguero: KEEPER_WITHOUT_WAREHOUSE,
  seller: SELLER_WITHOUT_STORE,
};

/** What an account says about its location (read with it: worker/auth/accounts.ts). */
export interface ScopeOf {
  role: Role;
  locationId: number | null;
  locationType: string | null;
  locationActive: boolean | null;
}

/**
 * 403 when a role that works at one location has no usable one: none assigned, one of the other kind,
 * or one that is inactive. Every route a bodeguero or a seller may call runs it (requireRole, and the
 * live feed's own check), so no route can widen their view.
 */
export function assertScope(account: ScopeOf): void {
  const needs = locationTypeFor(account.role);
  if (needs === null) return;
  if (account.locationId === null || account.locationType !== needs || account.locationActive !== true)
    throw forbidden(WITHOUT_SCOPE[account.role as ScopedRole]);
}

/**
 * The location that bounds what the caller sees: a bodeguero's or a seller's own (403 without one),
 * null for the roles that work company-wide (administrador, boss, superuser, corredor).
 * Domain functions call it rather than reading `locationId` and widening when it is null.
 */
export function scopeLocation(actor: { role: Role; locationId: number | null }): number | null {
  if (locationTypeFor(actor.role) === null) return null;
  if (actor.locationId === null) throw forbidden(WITHOUT_SCOPE[actor.role as ScopedRole]);
  return actor.locationId;
}
