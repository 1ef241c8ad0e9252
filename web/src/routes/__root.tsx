import { createRootRouteWithContext, Navigate, Outlet } from "@tanstack/react-router";
import type { RouterContext } from "../router";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths go to "/" (spec 1 §2); the splat route does this too, this covers nested misses.
  notFoundComponent: () => <Navigate to="/" replace />,
});
