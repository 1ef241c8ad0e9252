import { useState } from "react";
import type { AlertMessage } from "../../../api/alerts";
import { formatDateTime } from "../../../lib/format";
import { failureText, useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge, type BadgeTone } from "../../../lib/ui/Badge";
import { secondaryButton } from "../../../lib/ui/classes";
import { ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { useSaveAlertSettings } from "../mutations";
import { adminQueries } from "../queries";

const STATUS_TONE: Record<AlertMessage["status"], BadgeTone> = {
  pendiente: "warning",
  enviado: "success",
  fallido: "error",
  en_resumen: "info",
  resumido: "neutral",
};

/**
 * Alertas por correo (issue 37, docs/alerts.md): the e-mails the company's events produced (low stock, a till
 * closed with a difference, a reception with differences, DIAN numbering), each with its state, recipients and
 * when it went; the "Resumen diario por correo" switch and the company's notification addresses.
 */
export function AlertMessagesPanel() {
  const messages = useRemoteData(adminQueries.alertMessages());
  const settings = useRemoteData(adminQueries.alertSettings());
  const save = useSaveAlertSettings();
  const [emails, setEmails] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = settings.data?.settings;
  const list = messages.data?.messages ?? [];

  async function saveSettings(changes: { daily_digest?: boolean; notification_emails?: string[] }) {
    setError(null);
    try {
      await save.mutateAsync(changes);
      setEmails(null);
    } catch (err) {
      setError(failureText("No se pudo guardar", err));
    }
  }

  const typed = emails ?? current?.notification_emails.join(", ") ?? "";
  return (
    <Panel
      title="Alertas por correo"
      description={messages.data ? `${messages.data.total} en total` : "Cargando alertas..."}
    >
      <div className="mb-4 space-y-3 rounded-lg bg-stone-50 p-3">
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            role="switch"
            aria-checked={current?.daily_digest ?? false}
            checked={current?.daily_digest ?? false}
            disabled={!current || save.isPending}
            onChange={(e) => void saveSettings({ daily_digest: e.target.checked })}
            className="size-4 accent-orange-600"
          />
          Resumen diario por correo
        </label>
        <p className="text-xs text-stone-600">
          {current?.daily_digest
            ? "Las alertas del día llegan juntas en un solo correo a la medianoche."
            : "Cada alerta llega en su propio correo en cuanto ocurre."}
        </p>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            const list = typed
              .split(/[,;\s]+/)
              .map((s) => s.trim())
              .filter(Boolean);
            void saveSettings({ notification_emails: list });
          }}
        >
          <label className="min-w-0 flex-1 text-sm font-medium text-stone-700">
            Direcciones de notificación
            <input
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
              value={typed}
              placeholder="gerencia@empresa.co, bodega@empresa.co"
              onChange={(e) => setEmails(e.target.value)}
            />
          </label>
          <button type="submit" className={secondaryButton} disabled={save.isPending}>
            Guardar direcciones
          </button>
        </form>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <ItemList items={list} empty="Aún no hay alertas por correo" className="divide-y divide-stone-100">
        {(m) => (
          <li key={m.id} data-testid="alert-message" className="py-2.5 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 font-medium break-words text-stone-900">{m.subject}</p>
              <Badge tone={STATUS_TONE[m.status]}>{m.status_label}</Badge>
            </div>
            <p className="text-xs break-words text-stone-600">
              {m.kind_label} · {formatDateTime(m.created_at)}
              {m.sent_at ? ` · enviado ${formatDateTime(m.sent_at)}` : ""}
              {m.recipients.length > 0 ? ` · para ${m.recipients.join(", ")}` : " · sin destinatarios"}
            </p>
            {m.last_error && <p className="text-xs break-words text-red-700">{m.last_error}</p>}
          </li>
        )}
      </ItemList>
    </Panel>
  );
}
