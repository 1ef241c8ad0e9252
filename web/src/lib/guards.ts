import { redirect } from "@tanstack/react-router";
import * as v from "valibot";
import type { RouterContext } from "../router";
import { type AreaRoute, canEnter, homeFor } from "./roles";

/** beforeLoad of every protected area: no session → /login; role not allowed → "/" (spec 1 §6). */
export function requireArea(context: RouterContext, route: AreaRoute): void {
  const user = context.auth.user();
  if (!user) throw redirect({ to: "/login" });
  if (!canEnter(route, user.role)) throw redirect({ to: "/" });
}

/** beforeLoad of the storefront and the login: someone already signed in goes straight to their panel. */
export function redirectSignedIn({ context }: { context: RouterContext }): void {
  const user = context.auth.user();
  if (user) throw redirect({ to: homeFor(user.role), replace: true });
}

/**
 * validateSearch of an area whose screens are ?section=…: an unknown section falls back to the
 * dashboard, which has no parameter (so /boss and /boss?section=dashboard are one URL).
 */
export function sectionSearch<S extends string>(sections: readonly [S, ...S[]]) {
  const Param = v.fallback(v.optional(v.picklist(sections)), undefined);
  return (search: Record<string, unknown>): { section?: S } => {
    const section = v.parse(Param, search.section);
    return section && section !== "dashboard" ? { section } : {};
  };
}
