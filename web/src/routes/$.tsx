import { createFileRoute, redirect } from "@tanstack/react-router";

/** Any path no other route matches redirects to "/" (spec 1 §2). */
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/", replace: true });
  },
});
