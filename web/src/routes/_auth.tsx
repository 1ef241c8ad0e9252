import { createFileRoute, redirect } from "@tanstack/react-router";

/** Pathless layout of the protected areas: no session → /login (spec 1 §6). Each area adds its role check. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: ({ context }) => {
    if (!context.auth.user()) throw redirect({ to: "/login" });
  },
});
