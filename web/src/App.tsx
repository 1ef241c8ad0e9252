import { RouterProvider } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { revalidateStoredSession } from "./features/auth/revalidateSession";
import { onSessionExpired, sessionCheckAtom } from "./lib/session";
import { appStore } from "./lib/store";
import { FullScreenSpinner } from "./lib/ui/Spinner";
import { router } from "./router";

/** Starts loading the code-split chunks of the routes that match the address being opened. */
function preloadPageCode() {
  const [routes] = router.getMatchedRoutes(router.state.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

export function App() {
  const check = useAtomValue(sessionCheckAtom);

  useEffect(() => {
    // The page's code does not depend on the check's answer: fetch both at once, not one after the other.
    if (appStore.get(sessionCheckAtom) === "checking") preloadPageCode();
    void revalidateStoredSession(appStore);
  }, []);

  // The server rejected the token mid-session: leave protected pages for the login screen.
  useEffect(
    () =>
      onSessionExpired(() => {
        const inProtectedArea = router.state.matches.some((match) => match.routeId.startsWith("/_auth"));
        if (inProtectedArea) void router.navigate({ to: "/login" });
      }),
    [],
  );

  if (check === "checking") return <FullScreenSpinner />;
  return <RouterProvider router={router} />;
}
