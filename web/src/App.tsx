import { RouterProvider } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { revalidateStoredSession } from "./features/auth/revalidateSession";
import { onSessionExpired, sessionCheckAtom } from "./lib/session";
import { appStore } from "./lib/store";
import { FullScreenSpinner } from "./lib/ui/Spinner";
import { router } from "./router";

export function App() {
  const check = useAtomValue(sessionCheckAtom);

  useEffect(() => {
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
