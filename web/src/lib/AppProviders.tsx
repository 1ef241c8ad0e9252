import { QueryClientProvider } from "@tanstack/react-query";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { queryClient } from "./query/client";
import { appStore } from "./store";

/** The app's state: the jotai store (session, cart) and the query cache (server data). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
}
