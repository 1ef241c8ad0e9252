import { useState } from "react";
import { type ContactMessage, ContactMessagesSchema, fetchContactMessages } from "../../../api/contact";
import { countLabel, formatDateTime } from "../../../lib/format";
import { useMoreRows } from "../../../lib/paging";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { smallButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { type Flash, FlashNotice } from "../../../lib/ui/Flash";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Panel } from "../../../lib/ui/Panel";
import { useMarkMessageRead } from "../mutations";

/**
 * Notificaciones → "Mensajes de la tienda": what visitors wrote in the storefront's contact form, newest
 * first, a page at a time ("Mostrando 50 de N mensajes", "Ver más"); each one marked read or unread
 * (the list and the badge, which counts unread messages, are read again).
 */
export function StoreMessagesPanel() {
  const live = useRemoteData({
    area: "admin",
    name: "contact-messages",
    schema: ContactMessagesSchema,
    load: (signal) => fetchContactMessages(signal),
  });
  return (
    <DataState live={live} loadingLabel="Cargando mensajes de la tienda...">
      {(data) => <MessagesList first={data.messages} total={data.total} unread={data.unread} />}
    </DataState>
  );
}

type ListProps = { first: readonly ContactMessage[]; total: number; unread: number };

function MessagesList({ first, total: listed, unread }: ListProps) {
  const more = useMoreRows(
    first,
    "contact-messages",
    async (offset, signal) => (await fetchContactMessages(signal, offset)).messages,
    (m) => m.id,
  );
  // what this screen changed, until the next answer says the same
  const [readAt, setReadAt] = useState<Record<number, string | null>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const mark = useMarkMessageRead();
  const total = Math.max(listed, more.rows.length);
  const rows = more.rows.map((m) => (m.id in readAt ? { ...m, read_at: readAt[m.id] ?? null } : m));

  async function toggle(message: ContactMessage) {
    const read = message.read_at === null;
    setBusy(message.id);
    setFlash(null);
    try {
      const answer = await mark.mutateAsync({ id: message.id, read });
      setReadAt((current) => ({ ...current, [message.id]: answer.contact_message.read_at }));
    } catch (error) {
      setFlash({ tone: "error", text: failureText("No se pudo marcar el mensaje", error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel
      title="Mensajes de la tienda"
      description={total === 0 ? undefined : countLabel(unread, "mensaje sin leer", "mensajes sin leer")}
    >
      {total === 0 ? (
        <EmptyState text="Todavía nadie ha escrito desde la página de contacto" />
      ) : (
        <div className="space-y-3">
          <FlashNotice flash={flash} onClose={() => setFlash(null)} />
          <ListCount shown={rows.length} total={total} one="mensaje" many="mensajes" />
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
            {rows.map((m) => {
              const isUnread = m.read_at === null;
              return (
                <li
                  key={m.id}
                  data-testid="store-message"
                  className={`min-w-0 px-3 py-3 text-sm ${isUnread ? "bg-orange-50/60" : ""}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-stone-900">
                        {m.name}
                        {m.location_name ? ` · ${m.location_name}` : ""}
                      </p>
                      <p className="text-xs break-all text-stone-600">
                        <a href={`mailto:${m.email}`} className="underline hover:text-orange-700">
                          {m.email}
                        </a>
                        {m.phone ? ` · ${m.phone}` : ""}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      {isUnread && <Badge tone="orange">Sin leer</Badge>}
                      <span className="text-xs text-stone-500">{formatDateTime(m.created_at)}</span>
                    </div>
                  </div>
                  <p className="mt-2 break-words whitespace-pre-line text-stone-800">{m.message}</p>
                  <button
                    type="button"
                    className={`${smallButton} mt-2`}
                    disabled={busy !== null}
                    onClick={() => void toggle(m)}
                    aria-label={`${isUnread ? "Marcar como leído" : "Marcar como no leído"} el mensaje de ${m.name}`}
                  >
                    {busy === m.id ? "Guardando..." : isUnread ? "Marcar como leído" : "Marcar como no leído"}
                  </button>
                </li>
              );
            })}
          </ul>
          <MoreButton shown={rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
        </div>
      )}
    </Panel>
  );
}
