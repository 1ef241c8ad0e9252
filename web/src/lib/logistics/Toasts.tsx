import { Toasts as ToastStack } from "../ui/Toasts";
import type { AppNotification } from "./notifications";
import { SUCCESS_TTL_MS } from "./notifications";

export { TOAST_TONE as NOTIFICATION_TONE } from "../ui/Toasts";

type Props = { items: AppNotification[]; now: number; onDismiss: (id: number) => void };

/** The newest notifications as toasts for 8 seconds (the bell keeps the non-success ones). */
export function Toasts({ items, now, onDismiss }: Props) {
  // Two at most: on a phone more would hide the buttons underneath.
  const fresh = items.filter((n) => now - n.at < SUCCESS_TTL_MS).slice(0, 2);
  return (
    <ToastStack
      items={fresh.map((n) => ({ id: n.id, tone: n.type, title: n.title, message: n.message }))}
      onDismiss={onDismiss}
      dismissLabel={(n) => `Descartar: ${n.title}`}
      testId={() => "toast"}
    />
  );
}
