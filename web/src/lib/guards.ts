import { redirect } from "@tanstack/react-router";
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
