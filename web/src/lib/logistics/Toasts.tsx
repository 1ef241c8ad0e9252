import type { AppNotification, NotificationType } from "./notifications";
import { SUCCESS_TTL_MS } from "./notifications";

export const NOTIFICATION_TONE: Record<NotificationType, string> = {
  success: "border-green-300 bg-green-50 text-green-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-900",
};

type Props = { items: AppNotification[]; now: number; onDismiss: (id: number) => void };

/** The newest notifications as toasts for 8 seconds (the bell keeps the non-success ones). */
export function Toasts({ items, now, onDismiss }: Props) {
  // Two at most: on a phone more would hide the buttons underneath.
  const fresh = items.filter((n) => now - n.at < SUCCESS_TTL_MS).slice(0, 2);
  if (fresh.length === 0) return null;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-3 z-40 flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:top-20 sm:right-4 sm:bottom-auto sm:items-end"
    >
      {fresh.map((n) => (
        <div
          key={n.id}
          role={n.type === "error" || n.type === "warning" ? "alert" : "status"}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-3 py-2 text-sm shadow-lg ${NOTIFICATION_TONE[n.type]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{n.title}</p>
            {n.message && <p className="break-words">{n.message}</p>}
          </div>
          <button
            type="button"
            onClick={() => onDismiss(n.id)}
            aria-label={`Descartar: ${n.title}`}
            className="shrink-0 px-1 text-lg leading-none font-bold"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
