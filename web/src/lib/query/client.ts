import { QueryClient } from "@tanstack/react-query";

/**
 * The app's one query cache. Screens decide when to load again (their polling, live events, a
 * retry button), so the library's own retries and focus/reconnect refetches are off.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0 },
    mutations: { retry: false },
  },
});
