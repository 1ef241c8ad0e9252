import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { type SessionUser, sessionAtom } from "./lib/session";
import { appStore } from "./lib/store";
import { FullScreenSpinner } from "./lib/ui/Spinner";
import { routeTree } from "./routeTree.gen";

/** Guards read the user through a getter so a login or logout is seen at once, without re-rendering first. */
export type RouterContext = {
  auth: { user: () => SessionUser | null };
};

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { auth: { user: () => appStore.get(sessionAtom) } },
    defaultPreload: "intent",
    defaultPendingComponent: FullScreenSpinner,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
