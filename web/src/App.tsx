import { RouterProvider } from "@tanstack/react-router";
import { useEffect } from "react";
import { revalidateStoredSession } from "./features/auth/revalidateSession";
import { loginFor } from "./lib/guards";
import { onSessionExpired, sessionAtom } from "./lib/session";
import { appStore } from "./lib/store";
import { router } from "./router";

// Set once a rejected token sent the user to /login saying so: the guards must not send them there again
// without the message (whichever navigation ran last would win).
let sentToLoginExpired = false;

export function App() {
  useEffect(() => {
    // A stored session opens its page at once (its data and /auth/me are fetched side by side, not one
    // after the other); when /me ends the session or changes the role, the guards are run again.
    const before = appStore.get(sessionAtom);
    void revalidateStoredSession(appStore).then(() => {
      const after = appStore.get(sessionAtom);
      if (before && after?.role !== before.role && !sentToLoginExpired) void router.invalidate();
    });
  }, []);

  // The server rejected the token mid-session: the login says so and brings the user back here after.
  useEffect(
    () =>
      onSessionExpired(() => {
        const inProtectedArea = router.state.matches.some((match) => match.routeId.startsWith("/_auth"));
        if (!inProtectedArea) return;
        sentToLoginExpired = true;
        void router.navigate(loginFor(router.state.location.href, true)).finally(() => {
          sentToLoginExpired = false;
        });
      }),
    [],
  );

  return <RouterProvider router={router} />;
}
