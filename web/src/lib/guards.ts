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
 * validateSearch of an area whose screen is one search parameter (?tab=…): an unknown value is left
 * out instead of showing an error page, and so is `fallback`, the screen shown without a parameter.
 */
export function oneOfSearch<K extends string, S extends string>(
  key: K,
  values: readonly [S, ...S[]],
  fallback?: string,
) {
  const Param = v.fallback(v.optional(v.picklist(values)), undefined);
  return (search: Record<string, unknown>): Partial<Record<K, S>> => {
    const value = v.parse(Param, search[key]);
    return value && value !== fallback ? ({ [key]: value } as Partial<Record<K, S>>) : {};
  };
}

/** ?section=…, the dashboard without a parameter (so /boss and /boss?section=dashboard are one URL). */
export const sectionSearch = <S extends string>(sections: readonly [S, ...S[]]) =>
  oneOfSearch("section", sections, "dashboard");
