import { useEffect, useState } from "react";
import { fetchReturnNotifications, markNotificationRead } from "../../api/seller";
import type { ReturnNotification } from "../../api/seller-schemas";
import { formatDateTime } from "../../lib/format";
import { failureText } from "../../lib/query/useRemoteData";
import { secondaryButton } from "../../lib/ui/classes";
import { ErrorState } from "../../lib/ui/ErrorState";
import { Notice } from "../../lib/ui/Notice";
import { Spinner } from "../../lib/ui/Spinner";
import { useAsync } from "../../lib/useAsync";

/**
 * 'Notificaciones': the seller's notices (returns received at the warehouse, requests whose reservation
 * lapsed), unread first in style, marked read for real.
 */
export function NotificationsView() {
  const { state, retry } = useAsync("return-notifications", fetchReturnNotifications);
  const [list, setList] = useState<ReturnNotification[]>([]);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state.status === "success") setList(state.data.notifications);
  }, [state]);

  async function markRead(id: number) {
    setBusyId(id);
    setError(null);
    try {
      const answer = await markNotificationRead(id);
      setList((current) => current.map((n) => (n.id === id ? { ...n, is_read: true, read_at: answer.read_at } : n)));
    } catch (err) {
      setError(failureText("No se pudo marcar como leída", err));
    } finally {
      setBusyId(null);
    }
  }

  if (state.status === "loading") return <Spinner label="Cargando notificaciones..." />;
  if (state.status === "error") return <ErrorState message={state.message} onRetry={retry} />;

  const unread = list.filter((n) => !n.is_read).length;
  return (
    <div className="space-y-3">
      {error && <Notice tone="error">{error}</Notice>}
      <p className="text-sm text-stone-600">
        {unread === 0 ? "No tienes notificaciones sin leer." : `${unread} sin leer`}
      </p>
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
          No tienes notificaciones de devoluciones ni de transferencias
        </p>
      ) : (
        <ul className="space-y-3">
          {list.map((n) => (
            <li
              key={n.id}
              data-testid="notification"
              className={`rounded-xl border bg-white p-4 shadow-sm ${
                n.is_read ? "border-stone-200" : "border-l-4 border-orange-300 border-l-orange-600 bg-orange-50/50"
              }`}
            >
              <div className="flex items-start justify-between gap-3">
                <p className={`min-w-0 text-stone-900 ${n.is_read ? "font-medium" : "font-bold"}`}>
                  {!n.is_read && <span className="sr-only">No leída: </span>}
                  {n.title}
                </p>
                <time className="shrink-0 text-xs text-stone-500">{formatDateTime(n.created_at)}</time>
              </div>
              <p className="mt-1 text-sm text-stone-700">{n.message}</p>
              {n.is_read ? (
                <p className="mt-2 text-xs text-stone-500">Leída {formatDateTime(n.read_at)}</p>
              ) : (
                <button
                  type="button"
                  disabled={busyId === n.id}
                  onClick={() => void markRead(n.id)}
                  className={`${secondaryButton} mt-3`}
                >
                  {busyId === n.id ? "Marcando..." : "Marcar como leída"}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
