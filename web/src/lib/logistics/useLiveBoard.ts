import { useCallback, useEffect, useRef } from "react";
import type * as v from "valibot";
import type { TransferEvent } from "../../api/transfers-schemas";
import { type LoadReason, type RemoteData, useRemoteData } from "../query/useRemoteData";
import { type LiveMode, useTransferLive } from "./useTransferLive";

type Options<TSchema extends v.GenericSchema> = {
  name: string;
  schema: TSchema;
  load: (signal: AbortSignal) => Promise<v.InferOutput<TSchema>>;
  /** The spec's polling interval, used while the socket is down. */
  pollMs: number;
  /** Patches the shown data with one event before the reload arrives. */
  apply: (data: v.InferOutput<TSchema>, event: TransferEvent) => v.InferOutput<TSchema>;
  /** Screen reactions to events (notifications). */
  onEvents?: (events: TransferEvent[]) => void;
  onSettled?: (result: { ok: boolean; reason: LoadReason; error: string | null }) => void;
};

// Several transitions in a burst (accept, then courier accept…) bring one reload, not one each.
const EVENT_RELOAD_DELAY_MS = 250;

/** A screen's data kept current by pushed events, with the spec's polling as the fallback. */
export function useLiveBoard<TSchema extends v.GenericSchema>({
  name,
  schema,
  load,
  pollMs,
  apply,
  onEvents,
  onSettled,
}: Options<TSchema>): { board: RemoteData<v.InferOutput<TSchema>>; mode: LiveMode } {
  const board = useRemoteData({ area: "transfers", name, schema, load, onSettled });
  const { mutate, reload } = board;
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const eventsRef = useRef(onEvents);
  eventsRef.current = onEvents;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handleEvents = useCallback(
    (events: TransferEvent[]) => {
      mutate((data) => events.reduce((acc, e) => applyRef.current(acc, e), data));
      eventsRef.current?.(events);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => reload("event"), EVENT_RELOAD_DELAY_MS);
    },
    [mutate, reload],
  );
  const poll = useCallback(() => reload("poll"), [reload]);
  const { mode } = useTransferLive({ onEvents: handleEvents, onPoll: poll, pollMs });
  return { board, mode };
}
