import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type * as v from "valibot";
import { ApiError } from "../../api/http";
import { sessionAtom } from "../../lib/session";
import { readLastData, saveLastData } from "./lastData";

export type LiveData<T> = {
  /** The fresh answer, or after a failure the last real one (current screen or browser storage). */
  data: T | null;
  /** When `data` was received from the server (ISO). */
  receivedAt: string | null;
  status: "loading" | "ready" | "error";
  /** Set when the last call failed. */
  error: string | null;
  /** The failure was the connection or the server being down (not a refusal like 403). */
  offline: boolean;
  /** A call is running (first load, retry or reload). */
  busy: boolean;
  reload: () => void;
};

type Options<TSchema extends v.GenericSchema> = {
  /** Storage name of the screen's data ("dashboard", "sales-today", ...). */
  name: string;
  schema: TSchema;
  load: (signal: AbortSignal) => Promise<v.InferOutput<TSchema>>;
  /** Tries again on its own every so often while the call keeps failing. */
  retryEveryMs?: number;
};

type State<T> = Omit<LiveData<T>, "reload" | "busy">;

function isOffline(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === "network" || error.status >= 500 : true;
}

/** Loads a seller screen's data, remembers each real answer and falls back to it when a call fails. */
export function useLiveData<TSchema extends v.GenericSchema>({
  name,
  schema,
  load,
  retryEveryMs,
}: Options<TSchema>): LiveData<v.InferOutput<TSchema>> {
  type T = v.InferOutput<TSchema>;
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  const [state, setState] = useState<State<T>>({
    data: null,
    receivedAt: null,
    status: "loading",
    error: null,
    offline: false,
  });
  const [busy, setBusy] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger; load and schema come from refs.
  useEffect(() => {
    const controller = new AbortController();
    setBusy(true);
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const receivedAt = new Date();
        if (userId !== null) saveLastData(name, userId, data, receivedAt);
        setState({ data, receivedAt: receivedAt.toISOString(), status: "ready", error: null, offline: false });
        setBusy(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : "Error desconocido";
        setState((previous) => {
          // Keep what the screen already shows; otherwise what this browser last received.
          const stored =
            previous.data === null && userId !== null ? readLastData(name, userId, schemaRef.current) : null;
          return {
            data: previous.data ?? stored?.data ?? null,
            receivedAt: previous.data !== null ? previous.receivedAt : (stored?.receivedAt ?? null),
            status: "error",
            error: message,
            offline: isOffline(error),
          };
        });
        setBusy(false);
      },
    );
    return () => controller.abort();
  }, [name, userId, attempt]);

  useEffect(() => {
    if (state.status !== "error" || busy || !retryEveryMs) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), retryEveryMs);
    return () => clearTimeout(timer);
  }, [state.status, busy, retryEveryMs]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, busy, reload };
}
