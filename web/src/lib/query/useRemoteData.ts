import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { ApiError } from "../../api/http";
import { sessionAtom } from "../session";
import { type QuerySpec, type Received, screenQuery, storedAnswer } from "./spec";

/** Why a load ran: the screen reacts differently to a failed manual refresh and a failed poll. */
export type LoadReason = "initial" | "manual" | "poll" | "event" | "retry";

export type RemoteData<T> = {
  /** The fresh answer, or after a failure the last real one (this screen or browser storage). */
  data: T | null;
  /** When `data` was received from the server (ISO). */
  receivedAt: string | null;
  status: "loading" | "ready" | "error";
  error: string | null;
  /** The failure was the connection or the server being down (not a refusal like 403). */
  offline: boolean;
  /** A call is running (first load, retry or reload). */
  busy: boolean;
  /** Why the running call started (a manual refresh shows 'Actualizando...', a live reload does not). */
  busyReason: LoadReason | null;
  reload: (reason?: LoadReason) => void;
  /** Patches what is shown (a live event) until the next answer replaces it. */
  mutate: (update: (data: T) => T) => void;
};

export type Settled = { ok: boolean; reason: LoadReason; error: string | null };

type Options<T> = QuerySpec<T> & {
  /** Told how each load ended (notifications such as 'Error de conexión con el servidor'). */
  onSettled?: (result: Settled) => void;
  /** Tries again on its own every so often while the call keeps failing. */
  retryEveryMs?: number;
  /** False: nothing to read yet (a look-up not asked for); the screen shows `loading` without a call. */
  enabled?: boolean;
};

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Error desconocido";
}

/** A failed action's line: 'Error al registrar pago: <detail>'. */
export function failureText(prefix: string, error: unknown): string {
  return `${prefix}: ${errorMessage(error)}`;
}

/** The read has had an answer or a failure. */
function answered(state: { dataUpdatedAt: number; errorUpdatedAt: number } | undefined): boolean {
  return state !== undefined && (state.dataUpdatedAt > 0 || state.errorUpdatedAt > 0);
}

function isOffline(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === "network" || error.status >= 500 : true;
}

/**
 * The SPA's one way to read: a spec's data through the query cache, loaded again whenever `name`
 * (its filters) changes or on reload and, when a call fails, the last real answer kept on screen
 * (first what the cache holds, then what this browser stored if the spec keeps answers).
 */
export function useRemoteData<T>({ onSettled, retryEveryMs, enabled = true, ...spec }: Options<T>): RemoteData<T> {
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  const client = useQueryClient();
  const reasonRef = useRef<LoadReason>("initial");
  /** The reason reload() gave the load it is starting; null once that load has started. */
  const askedRef = useRef<LoadReason | null>(null);
  /** A load of this screen has ended (its first answer or failure was told). */
  const settledOnce = useRef(false);
  const keyRef = useRef<readonly unknown[]>([]);
  const options = screenQuery({
    ...spec,
    load: (signal) => {
      const asked = askedRef.current;
      askedRef.current = null;
      if (asked) reasonRef.current = asked;
      // A load this screen did not ask for, of a read it has already shown (a write invalidated it, the
      // spec's own interval) is told as an event, as a live reload is. A filter's first load keeps the
      // screen's reason.
      else if (settledOnce.current && answered(client.getQueryState(keyRef.current))) reasonRef.current = "event";
      return spec.load(signal);
    },
  });
  const { queryKey } = options;
  keyRef.current = queryKey;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const query = useQuery({ ...options, enabled });

  // Each answer or failure after this screen opened is told once, with why its call ran.
  const seen = useRef({ data: query.dataUpdatedAt, error: query.errorUpdatedAt });
  useEffect(() => {
    const before = seen.current;
    seen.current = { data: query.dataUpdatedAt, error: query.errorUpdatedAt };
    const reason = reasonRef.current;
    if (query.dataUpdatedAt > before.data) settledRef.current?.({ ok: true, reason, error: null });
    else if (query.errorUpdatedAt > before.error)
      settledRef.current?.({ ok: false, reason, error: errorMessage(query.error) });
    else return;
    settledOnce.current = true;
    // a reload asked while a first load was running joined it instead of starting its own
    askedRef.current = null;
  }, [query.dataUpdatedAt, query.errorUpdatedAt, query.error]);

  const failed = query.status === "error";
  // Nothing received on this screen yet: what this browser last received, if anything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each failure (errorUpdatedAt).
  const stored = useMemo(
    () => (failed && !query.data ? storedAnswer(spec, userId) : null),
    [failed, query.data, query.errorUpdatedAt, spec.area, spec.name, userId],
  );
  const shown = query.data ?? stored;
  const busy = query.isFetching;
  const { refetch } = query;

  const reload = useCallback(
    (reason: LoadReason = "manual") => {
      reasonRef.current = reason;
      askedRef.current = reason;
      void refetch();
    },
    [refetch],
  );
  const keyText = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyText stands for queryKey.
  const mutate = useCallback(
    (update: (data: T) => T) =>
      client.setQueryData<Received<T>>(queryKey, (old) => (old ? { ...old, data: update(old.data) } : old)),
    [client, keyText],
  );

  useEffect(() => {
    if (!failed || busy || !retryEveryMs) return;
    const timer = setTimeout(() => reload("retry"), retryEveryMs);
    return () => clearTimeout(timer);
  }, [failed, busy, retryEveryMs, reload]);

  return {
    data: shown?.data ?? null,
    receivedAt: shown?.receivedAt ?? null,
    status: failed ? "error" : query.status === "success" ? "ready" : "loading",
    error: failed ? errorMessage(query.error) : null,
    offline: failed && isOffline(query.error),
    busy,
    busyReason: busy ? reasonRef.current : null,
    reload,
    mutate,
  };
}
