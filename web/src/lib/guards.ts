import { redirect } from "@tanstack/react-router";
import * as v from "valibot";
import type { RouterContext } from "../router";
import { AREA_ROUTES, type AreaRoute, canEnter, homeFor, type Role } from "./roles";

/** What /login reads: where to come back to after signing in, and whether a session just expired. */
export type LoginSearch = { redirect?: string; expired?: true };

/** Where to come back to after signing in: a path of this app (never another site), not /login itself. */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2000) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (/^\/login(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const back = returnPath(search.redirect);
  return {
    ...(back ? { redirect: back } : {}),
    ...(search.expired === true || search.expired === "1" || search.expired === 1 ? { expired: true as const } : {}),
  };
}

/** The login that brings the user back to `href` (the screen or deep link they were opening). */
export function loginFor(href: string, expired = false) {
  const back = returnPath(href);
  const search: LoginSearch = { ...(back ? { redirect: back } : {}), ...(expired ? { expired: true } : {}) };
  return { to: "/login" as const, search };
}

/** After signing in: the screen the user was on when their role may enter it, else their home. */
export function afterSignIn(role: Role, back: string | undefined): string {
  if (!back) return homeFor(role);
  const inside = (route: string) =>
    back === route || (back.startsWith(route) && /^[/?#]/.test(back.slice(route.length)));
  const area = AREA_ROUTES.find(inside);
  if (area && !canEnter(area, role)) return homeFor(role);
  return back;
}

/** beforeLoad of every protected area: no session → /login (coming back here); role not allowed → "/" (spec 1 §6). */
export function requireArea(context: RouterContext, route: AreaRoute, href: string = route): void {
  const user = context.auth.user();
  if (!user) throw redirect(loginFor(href));
  if (!canEnter(route, user.role)) throw redirect({ to: "/" });
}

/**
 * beforeLoad of an area whose sections (or tabs) are child routes: `requireArea`, then a link from
 * before they were routes (/boss?section=sales) opens the section's own URL, which `oldLink` gives.
 */
export function requireAreaOpening<S>(route: AreaRoute, oldLink: (search: S) => string | null) {
  return ({ context, search }: { context: RouterContext; search: S }): void => {
    requireArea(context, route);
    const href = oldLink(search);
    if (href) throw redirect({ href, replace: true });
  };
}

/**
 * beforeLoad of the storefront and the login: someone already signed in goes straight to their panel
 * (or, on /login?redirect=…, to the screen the link was for).
 */
export function redirectSignedIn({ context, search }: { context: RouterContext; search?: LoginSearch }): void {
  const user = context.auth.user();
  if (!user) return;
  if (search?.redirect) throw redirect({ href: afterSignIn(user.role, search.redirect), replace: true });
  throw redirect({ to: homeFor(user.role), replace: true });
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
