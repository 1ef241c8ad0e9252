import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type * as v from "valibot";
import { ApiError } from "../../api/http";
import { sessionAtom } from "../../lib/session";
import { readLastData, saveLastData } from "./lastData";

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
  /** A call is running. */
  busy: boolean;
  /** Why the running call started (a manual refresh shows 'Actualizando...', a live reload does not). */
  busyReason: LoadReason | null;
  reload: (reason?: LoadReason) => void;
  /** Patches what is shown (a live event) until the next answer replaces it. */
  mutate: (update: (data: T) => T) => void;
};

type Options<TSchema extends v.GenericSchema> = {
  /** Storage name; include filters so each keeps its own copy. */
  name: string;
  schema: TSchema;
  load: (signal: AbortSignal) => Promise<v.InferOutput<TSchema>>;
  /** Told how each load ended (notifications such as 'Error de conexión con el servidor'). */
  onSettled?: (result: { ok: boolean; reason: LoadReason; error: string | null }) => void;
};

type State<T> = Pick<RemoteData<T>, "data" | "receivedAt" | "status" | "error" | "offline">;

function isOffline(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === "network" || error.status >= 500 : true;
}

/**
 * Loads a logistics screen's data (again whenever `name` changes or on reload), remembers each real
 * answer and, when a call fails, keeps showing the last real one it has.
 */
export function useRemoteData<TSchema extends v.GenericSchema>({
  name,
  schema,
  load,
  onSettled,
}: Options<TSchema>): RemoteData<v.InferOutput<TSchema>> {
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
  const [busyReason, setBusyReason] = useState<LoadReason | null>("initial");
  const [attempt, setAttempt] = useState(0);
  const reasonRef = useRef<LoadReason>("initial");
  const loadRef = useRef(load);
  loadRef.current = load;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const nameRef = useRef(name);

  // biome-ignore lint/correctness/useExhaustiveDependencies: name and attempt are the triggers; the rest comes from refs.
  useEffect(() => {
    const controller = new AbortController();
    const reason = reasonRef.current;
    const renamed = nameRef.current !== name;
    nameRef.current = name;
    setBusy(true);
    setBusyReason(reason);
    // Other filters: what was shown belongs to the old ones.
    if (renamed) setState({ data: null, receivedAt: null, status: "loading", error: null, offline: false });
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const receivedAt = new Date();
        if (userId !== null) saveLastData(name, userId, data, receivedAt);
        setState({ data, receivedAt: receivedAt.toISOString(), status: "ready", error: null, offline: false });
        setBusy(false);
        setBusyReason(null);
        settledRef.current?.({ ok: true, reason, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : "Error desconocido";
        setState((previous) => {
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
        setBusyReason(null);
        settledRef.current?.({ ok: false, reason, error: message });
      },
    );
    return () => controller.abort();
  }, [name, userId, attempt]);

  const reload = useCallback((reason: LoadReason = "manual") => {
    reasonRef.current = reason;
    setAttempt((n) => n + 1);
  }, []);

  const mutate = useCallback((update: (data: T) => T) => {
    setState((s) => (s.data === null ? s : { ...s, data: update(s.data) }));
  }, []);

  return { ...state, busy, busyReason, reload, mutate };
}
