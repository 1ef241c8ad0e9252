import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { fetchEventsSince, liveUrl } from "../../api/transfers";
import { HelloSchema, type TransferEvent, TransferEventSchema } from "../../api/transfers-schemas";
import { sessionAtom } from "../session";

/** live: the socket is up; connecting: first attempt; polling: no socket, the spec's polling runs. */
export type LiveMode = "connecting" | "live" | "polling";

type Options = {
  /** New events in order (pushed, or fetched after a reconnection). */
  onEvents: (events: TransferEvent[]) => void;
  /** Reloads the screen's data: the polling fallback, and after a gap the event log cannot fill. */
  onPoll: () => void;
  /** The spec's polling interval: 15 s warehouse, 20 s courier, 30 s seller. */
  pollMs: number;
};

const PING_EVERY_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;

const EventMessage = v.union([HelloSchema, TransferEventSchema]);

function parseMessage(data: unknown): v.InferOutput<typeof EventMessage> | "pong" | null {
  if (typeof data !== "string") return null;
  if (data === "pong") return "pong";
  try {
    const parsed = v.safeParse(EventMessage, JSON.parse(data));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Live transfer events over the TransferHub WebSocket (design §4, §6): reconnects with backoff, asks
 * /events?since= for what it missed while away, and polls at the spec's interval whenever the socket
 * is not up.
 */
export function useTransferLive({ onEvents, onPoll, pollMs }: Options): { mode: LiveMode } {
  const token = useAtomValue(sessionAtom)?.token ?? null;
  const [mode, setMode] = useState<LiveMode>("connecting");
  const eventsRef = useRef(onEvents);
  eventsRef.current = onEvents;
  const pollRef = useRef(onPoll);
  pollRef.current = onPoll;

  useEffect(() => {
    const Socket = globalThis.WebSocket;
    if (!token || typeof Socket !== "function") {
      setMode("polling");
      return;
    }
    let stopped = false;
    let socket: WebSocket | null = null;
    let lastSeq: number | null = null;
    let failures = 0;
    let awaitingPong = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let resyncing: TransferEvent[] | null = null;

    const deliver = (events: TransferEvent[]) => {
      const fresh = events.filter((e) => lastSeq === null || e.seq > lastSeq).sort((a, b) => a.seq - b.seq);
      const unique = fresh.filter((e, i) => i === 0 || fresh[i - 1]?.seq !== e.seq);
      const last = unique.at(-1);
      if (!last) return;
      lastSeq = last.seq;
      eventsRef.current(unique);
    };

    // Fills a gap from the hub's recent events; live pushes that arrive meanwhile wait in the buffer.
    const resync = (since: number, pending: TransferEvent[] = []) => {
      if (resyncing) {
        resyncing.push(...pending);
        return;
      }
      resyncing = [...pending];
      fetchEventsSince(since).then(
        ({ events }) => {
          const buffered = resyncing ?? [];
          resyncing = null;
          if (!stopped) deliver([...events, ...buffered]);
        },
        () => {
          const buffered = resyncing ?? [];
          resyncing = null;
          if (stopped) return;
          deliver(buffered);
          pollRef.current();
        },
      );
    };

    const dropped = () => {
      if (stopped) return;
      socket = null;
      setMode("polling");
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
      failures += 1;
      reconnectTimer = setTimeout(connect, delay);
    };

    function connect() {
      if (stopped || !token) return;
      let ws: WebSocket;
      try {
        ws = new Socket(liveUrl(token));
      } catch {
        dropped();
        return;
      }
      socket = ws;
      awaitingPong = false;
      ws.onmessage = (event: MessageEvent) => {
        awaitingPong = false;
        const message = parseMessage(event.data);
        if (message === null || message === "pong") return;
        if (message.type === "hello") {
          failures = 0;
          setMode("live");
          if (lastSeq === null) lastSeq = message.seq;
          else if (message.seq > lastSeq) resync(lastSeq);
          else if (message.seq < lastSeq) {
            // The hub's counter went back (a new hub): nothing to compare with, reload everything.
            lastSeq = message.seq;
            pollRef.current();
          }
          return;
        }
        if (resyncing) resyncing.push(message);
        else if (lastSeq !== null && message.seq > lastSeq + 1) resync(lastSeq, [message]);
        else deliver([message]);
      };
      ws.onclose = () => {
        if (socket === ws) dropped();
      };
      ws.onerror = () => {
        // Some browsers report the error without a close on a refused upgrade.
        if (socket === ws) {
          ws.onclose = null;
          ws.close();
          dropped();
        }
      };
    }

    // A socket that stops answering 'ping' is dead even if the browser has not noticed yet.
    const heartbeat = setInterval(() => {
      const ws = socket;
      if (!ws || ws.readyState !== Socket.OPEN) return;
      if (awaitingPong) {
        ws.onclose = null;
        ws.onerror = null;
        ws.close();
        dropped();
        return;
      }
      awaitingPong = true;
      ws.send("ping");
    }, PING_EVERY_MS);

    setMode("connecting");
    connect();
    return () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnectTimer);
      if (socket) {
        socket.onclose = null;
        socket.onerror = null;
        socket.onmessage = null;
        socket.close();
      }
    };
  }, [token]);

  // The spec's polling, only while there is no socket.
  useEffect(() => {
    if (mode === "live") return;
    const timer = setInterval(() => pollRef.current(), pollMs);
    return () => clearInterval(timer);
  }, [mode, pollMs]);

  return { mode };
}
