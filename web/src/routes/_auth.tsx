import { createFileRoute, redirect } from "@tanstack/react-router";
import { loginFor } from "../lib/guards";

/**
 * Pathless layout of the protected areas: no session → /login (spec 1 §6), which brings the user back
 * to the screen or deep link they opened. Each area adds its role check.
 */
export const Route = createFileRoute("/_auth")({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.user()) throw redirect(loginFor(location.href));
  },
});
