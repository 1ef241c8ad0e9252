import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { companyHeaders } from "../actingCompany";
import { sessionAtom } from "../session";
import { itemsOf, type OutboxItem, outboxAvailable } from "./db";
import { onOutboxChange } from "./events";
import { backoffDelay, flushOutbox } from "./sync";

/** The signed-in user's outbox as this tab last read it, read again on every change (any tab). */
export function useOutboxItems(): { items: OutboxItem[]; loaded: boolean } {
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  const [state, setState] = useState<{ items: OutboxItem[]; loaded: boolean; userId: number | null }>({
    items: [],
    loaded: false,
    userId: null,
  });
  useEffect(() => {
    if (userId === null || !outboxAvailable()) return;
    let live = true;
    const read = () =>
      void itemsOf(userId)
        .then((items) => live && setState({ items, loaded: true, userId }))
        .catch(() => live && setState({ items: [], loaded: true, userId }));
    read();
    const stop = onOutboxChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  // never another user's items, not even for one render after a change of session
  return state.userId === userId ? state : { items: [], loaded: false };
}

type SyncState = { sending: boolean; flush: () => void };

/**
 * Sends the signed-in user's outbox: at once, when the browser says it is back online, when the tab
 * comes back to the front, after each change, and on a growing timer while the server cannot be reached.
 * What the server recorded is then read again (the seller's day, sales and expenses).
 */
export function useOutboxSync(): SyncState {
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const failedRounds = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef(false);
  const again = useRef(false);

  const flush = useCallback(() => {
    if (userId === null || !outboxAvailable()) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    setSending(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    void flushOutbox(userId, companyHeaders()["X-Company-Id"] ?? null)
      .then((report) => {
        if (report.sent.length > 0) void client.invalidateQueries({ queryKey: ["seller"] });
        if (report.sent.some((s) => s.delivered.kind === "transfer")) {
          void client.invalidateQueries({ queryKey: ["transfers"] });
        }
        failedRounds.current = report.stopped === "retry" ? failedRounds.current + 1 : 0;
        // still something to send and the server was out of reach: try again later, waiting longer each time
        if (report.stopped === "retry") {
          timer.current = setTimeout(flush, backoffDelay(failedRounds.current - 1));
        }
      })
      .catch(() => {
        timer.current = setTimeout(flush, backoffDelay(failedRounds.current++));
      })
      .finally(() => {
        running.current = false;
        setSending(false);
        if (again.current) {
          again.current = false;
          flush();
        }
      });
  }, [userId, client]);

  useEffect(() => {
    if (userId === null) return;
    flush();
    const online = () => {
      failedRounds.current = 0;
      flush();
    };
    const visible = () => {
      if (document.visibilityState === "visible") flush();
    };
    window.addEventListener("online", online);
    document.addEventListener("visibilitychange", visible);
    // a change made elsewhere (a new item the form could not send, another tab): a round soon, never a
    // loop, since a round's own changes happen while it runs and a round with nothing to send changes nothing
    const stop = onOutboxChange(() => {
      if (!running.current && !timer.current) timer.current = setTimeout(flush, backoffDelay(failedRounds.current));
    });
    return () => {
      window.removeEventListener("online", online);
      document.removeEventListener("visibilitychange", visible);
      stop();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [userId, flush]);

  return { sending, flush };
}
