import { redirect } from "@tanstack/react-router";
import type { RouterContext } from "../router";
import { type AreaRoute, canEnter } from "./roles";

/** beforeLoad of every protected area: no session → /login; role not allowed → "/" (spec 1 §6). */
export function requireArea(context: RouterContext, route: AreaRoute): void {
  const user = context.auth.user();
  if (!user) throw redirect({ to: "/login" });
  if (!canEnter(route, user.role)) throw redirect({ to: "/" });
}
