import { createFileRoute, redirect } from "@tanstack/react-router";

/** Old landing path of the administrador; the canonical route is /administrador (design §5). */
export const Route = createFileRoute("/admin")({
  beforeLoad: () => {
    throw redirect({ to: "/administrador", replace: true });
  },
});
