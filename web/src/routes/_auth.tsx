import { createFileRoute, redirect } from "@tanstack/react-router";
import { loginFor } from "../lib/guards";

/**
 * Pathless layout of the protected areas: no session → /login (spec 1 §6), which brings the user back
 * to the screen or deep link they opened. Each area adds its role check.
 */
export const Route = createFileRoute("/_auth")({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.user()) throw redirect(loginFor(location.href));
    // The areas' common frame (the "areas" chunk: header, outbox, transfers client) is no import of the
    // start-up chunk, so that /login does not download it; asked for here, it comes in parallel with the
    // area's own chunks instead of after them.
    void import("../features/dashboard/DashboardShell");
  },
});
