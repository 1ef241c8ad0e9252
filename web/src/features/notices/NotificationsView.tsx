import { useState } from "react";
import { fetchReturnNotifications, markNotificationRead } from "../../api/seller";
import type { ReturnNotification } from "../../api/seller-schemas";
import { formatDateTime } from "../../lib/format";
import { useMoreRows } from "../../lib/paging";
import { failureText, useRemoteData } from "../../lib/query/useRemoteData";
import { secondaryButton } from "../../lib/ui/classes";
import { ErrorState } from "../../lib/ui/ErrorState";
import { ListCount, MoreButton } from "../../lib/ui/ListCount";
import { Notice } from "../../lib/ui/Notice";
import { Spinner } from "../../lib/ui/Spinner";
import { noticesQueries } from "./queries";

const NONE: readonly ReturnNotification[] = [];

/**
 * 'Notificaciones': the seller's notices (returns received at the warehouse, requests whose reservation
 * lapsed), unread first in style, marked read for real.
 */
export function NotificationsView() {
  const remote = useRemoteData(noticesQueries.returns());
  const first = remote.data?.notifications ?? NONE;
  const more = useMoreRows(
    first,
    "return-notifications",
    async (offset, signal) => (await fetchReturnNotifications(signal, offset)).notifications,
    (n) => n.id,
  );
  // what this screen marked read, until the next answer says the same
  const [readAt, setReadAt] = useState<Record<number, string | null>>({});
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function markRead(id: number) {
    setBusyId(id);
    setError(null);
    try {
      const answer = await markNotificationRead(id);
      setReadAt((current) => ({ ...current, [id]: answer.read_at }));
    } catch (err) {
      setError(failureText("No se pudo marcar como leída", err));
    } finally {
      setBusyId(null);
    }
  }

  if (!remote.data && remote.error) return <ErrorState message={remote.error} onRetry={remote.reload} />;
  if (!remote.data) return <Spinner label="Cargando notificaciones..." />;

  const list = more.rows.map((n) => (n.id in readAt ? { ...n, is_read: true, read_at: readAt[n.id] ?? null } : n));
  // the answer counts every unread notice; those marked here since then are read
  const markedHere = Object.keys(readAt).length;
  const unread = Math.max(0, remote.data.unread_count - markedHere);
  const total = Math.max(remote.data.total, list.length);
  return (
    <div className="space-y-3">
      {error && <Notice tone="error">{error}</Notice>}
      <p className="text-sm text-stone-600">
        {unread === 0 ? "No tienes notificaciones sin leer." : `${unread} sin leer`}
      </p>
      {total > 0 && <ListCount shown={list.length} total={total} one="notificación" many="notificaciones" />}
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
      <MoreButton shown={list.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}
