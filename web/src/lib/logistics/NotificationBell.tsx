import { useState } from "react";
import { formatDateTime } from "../format";
import type { AppNotification } from "./notifications";
import { NOTIFICATION_TONE } from "./Toasts";

type Props = { items: AppNotification[]; onDismiss: (id: number) => void; onDismissAll: () => void };

/** The bell: how many notifications there are (at most 10), and the list with dismiss one / all. */
export function NotificationBell({ items, onDismiss, onDismissAll }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={`Notificaciones (${items.length})`}
        className="relative inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {items.length > 0 && (
          <span
            data-testid="bell-count"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {items.length}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-stone-200 bg-white p-3 shadow-xl">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-semibold text-stone-900">Notificaciones</p>
            {items.length > 0 && (
              <button type="button" onClick={onDismissAll} className="text-sm font-semibold text-orange-700">
                Descartar todas
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="py-3 text-center text-sm text-stone-600">No hay notificaciones</p>
          ) : (
            <ul className="max-h-80 space-y-2 overflow-y-auto">
              {items.map((n) => (
                <li
                  key={n.id}
                  className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${NOTIFICATION_TONE[n.type]}`}
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{n.title}</p>
                    {n.message && <p className="break-words">{n.message}</p>}
                    <p className="mt-0.5 text-xs opacity-70">{formatDateTime(new Date(n.at).toISOString())}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => onDismiss(n.id)}
                    aria-label={`Descartar notificación: ${n.title}`}
                    className="shrink-0 px-1 font-bold"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
