import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type * as v from "valibot";
import { ApiError } from "../../api/http";
import { sessionAtom } from "../../lib/session";
import { readAdminData, saveAdminData } from "./lastData";

export type AdminData<T> = {
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
  reload: () => void;
};

type Options<TSchema extends v.GenericSchema> = {
  /** Storage name of the screen's data; include the filters so each filter keeps its own copy. */
  name: string;
  schema: TSchema;
  load: (signal: AbortSignal) => Promise<v.InferOutput<TSchema>>;
};

type State<T> = Omit<AdminData<T>, "reload" | "busy">;

function isOffline(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === "network" || error.status >= 500 : true;
}

/**
 * Loads an admin section's data (again whenever `name` changes), remembers each real answer and,
 * when a call fails, keeps showing the last real one it has.
 */
export function useAdminData<TSchema extends v.GenericSchema>({
  name,
  schema,
  load,
}: Options<TSchema>): AdminData<v.InferOutput<TSchema>> {
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
  const nameRef = useRef(name);

  // biome-ignore lint/correctness/useExhaustiveDependencies: name and attempt are the triggers; load and schema come from refs.
  useEffect(() => {
    const controller = new AbortController();
    const renamed = nameRef.current !== name;
    nameRef.current = name;
    setBusy(true);
    // Other filters: what was shown belongs to the old ones.
    if (renamed) setState((s) => ({ ...s, data: null, receivedAt: null, status: "loading" }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const receivedAt = new Date();
        if (userId !== null) saveAdminData(name, userId, data, receivedAt);
        setState({ data, receivedAt: receivedAt.toISOString(), status: "ready", error: null, offline: false });
        setBusy(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : "Error desconocido";
        setState((previous) => {
          const stored =
            previous.data === null && userId !== null ? readAdminData(name, userId, schemaRef.current) : null;
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

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, busy, reload };
}
