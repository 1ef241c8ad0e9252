import { useCallback, useRef } from "react";
import type { LoadReason } from "../query/useRemoteData";
import type { Notify } from "./useNotifications";

export const INITIAL_LOAD_ERROR = "Error conectando con el servidor";
export const POLLING_ERROR = "Error de conexión con el servidor";

/**
 * Notifications for failed loads (spec 3 §8): the first load, a manual refresh (its own text), and a
 * poll or live reload — the latter once per outage, not every 15 seconds.
 */
export function useLoadNotices(notify: Notify, manualFailure: string) {
  const wasOk = useRef(true);
  // Screens load several resources at once: one failure of the same refresh is told once.
  const lastNotice = useRef(0);
  return useCallback(
    ({ ok, reason, error }: { ok: boolean; reason: LoadReason; error: string | null }) => {
      if (ok) {
        wasOk.current = true;
        return;
      }
      const now = Date.now();
      const recent = now - lastNotice.current < 1500;
      const manual = reason === "manual" || reason === "retry";
      if (!recent && (manual || wasOk.current)) {
        lastNotice.current = now;
        const title = reason === "initial" ? INITIAL_LOAD_ERROR : manual ? manualFailure : POLLING_ERROR;
        notify("error", title, error ?? "");
      }
      wasOk.current = false;
    },
    [notify, manualFailure],
  );
}
