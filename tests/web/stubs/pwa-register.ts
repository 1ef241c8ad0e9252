// Stand-in for vite-plugin-pwa's virtual module (it only exists inside a Vite build): the test sets
// what the service worker reports and sees what the prompt asks of it.
import { useState } from "react";
import { vi } from "vitest";

export const pwaState = { needRefresh: false, updateServiceWorker: vi.fn(async (_reload?: boolean) => {}) };

export function useRegisterSW() {
  const needRefresh = useState(pwaState.needRefresh);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: pwaState.updateServiceWorker };
}
