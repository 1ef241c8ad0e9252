import { QueryClient } from "@tanstack/react-query";

/**
 * The app's one query cache. Screens decide when to load again (their polling, live events, a
 * retry button), so the library's own retries and focus/reconnect refetches are off. Loads run
 * whatever the browser says of the network (`networkMode: "always"`): the library would otherwise
 * pause them while offline, and a screen opened without a connection would wait on its spinner
 * instead of failing at once and showing the last data this phone received, labelled.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      staleTime: 0,
      networkMode: "always",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});
