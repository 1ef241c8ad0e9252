import type { NewsletterSubscribers as Subscribers } from "../../../api/admin-schemas";
import { downloadCsv, toCsv } from "../../../lib/company/csv";
import { countLabel, formatDateTime } from "../../../lib/format";
import { secondaryButton, smallButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";

/** E-mails left in the storefront's newsletter box, with a CSV for the mailing tool. */
export function NewsletterSubscribers({ data }: { data: Subscribers }) {
  if (data.total === 0) return <EmptyState text="Todavía nadie se ha suscrito desde la tienda" />;
  const csv = () =>
    toCsv(
      [
        { header: "Correo electrónico", value: (s: Subscribers["subscribers"][number]) => s.email },
        { header: "Suscrito el", value: (s: Subscribers["subscribers"][number]) => formatDateTime(s.subscribed_at) },
      ],
      data.subscribers,
    );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          {countLabel(data.total, "suscriptor", "suscriptores")}
          {data.subscribers.length < data.total ? ` · se muestran los ${data.subscribers.length} más recientes` : ""}
        </p>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          onClick={() => downloadCsv(`suscriptores-boletin-${new Date().toISOString().slice(0, 10)}`, csv())}
        >
          Descargar CSV
        </button>
      </div>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 text-sm">
        {data.subscribers.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-0.5 px-3 py-2">
            <span className="min-w-0 break-all font-medium text-stone-900">{s.email}</span>
            <span className="text-xs text-stone-500">{formatDateTime(s.subscribed_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
