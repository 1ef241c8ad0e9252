// "The outbox changed": screens in this tab and in the user's other tabs read it again.
type Listener = () => void;

const listeners = new Set<Listener>();
const CHANNEL = "horma-outbox";
let channel: BroadcastChannel | null = null;

function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === "undefined") return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    for (const listener of listeners) listener();
  };
  return channel;
}

export function onOutboxChange(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxChanged(): void {
  for (const listener of listeners) listener();
  ensureChannel()?.postMessage("changed");
}
