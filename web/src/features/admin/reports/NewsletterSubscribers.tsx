import { useState } from "react";
import { fetchNewsletterSubscribers } from "../../../api/admin";
import type { NewsletterSubscribers as Subscribers } from "../../../api/admin-schemas";
import { formatDateTime } from "../../../lib/format";
import { fetchAllPages, useMoreRows } from "../../../lib/paging";
import { errorMessage } from "../../../lib/query/useRemoteData";
import { secondaryButton, smallButton } from "../../../lib/ui/classes";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ListCount, MoreButton } from "../../../lib/ui/ListCount";
import { Notice } from "../../../lib/ui/Notice";
import { downloadCsv, toCsv } from "../../company/csv";

type Subscriber = Subscribers["subscribers"][number];

/** Rows a CSV asks for per call (the route's largest page). */
const CSV_PAGE = 1000;

/**
 * E-mails left in the storefront's newsletter box, a page at a time ("Mostrando 200 de N suscriptores",
 * "Ver más"), with a CSV of all of them for the mailing tool (every page, not only those on screen).
 */
export function NewsletterSubscribers({ data }: { data: Subscribers }) {
  const more = useMoreRows(
    data.subscribers,
    "subscribers",
    async (offset, signal) => (await fetchNewsletterSubscribers(signal, offset)).subscribers,
    (s) => s.id,
  );
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  if (data.total === 0) return <EmptyState text="Todavía nadie se ha suscrito desde la tienda" />;
  const total = Math.max(data.total, more.rows.length);
  const exportAll = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all = await fetchAllPages(
        async (offset, limit) => {
          const page = await fetchNewsletterSubscribers(undefined, offset, limit);
          return { rows: page.subscribers, total: page.total };
        },
        (s: Subscriber) => s.id,
        CSV_PAGE,
      );
      const csv = toCsv(
        [
          { header: "Correo electrónico", value: (s: Subscriber) => s.email },
          { header: "Suscrito el", value: (s: Subscriber) => formatDateTime(s.subscribed_at) },
        ],
        all,
      );
      downloadCsv(`suscriptores-boletin-${new Date().toISOString().slice(0, 10)}`, csv);
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListCount shown={more.rows.length} total={total} one="suscriptor" many="suscriptores" />
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          onClick={() => void exportAll()}
          disabled={exporting}
        >
          {exporting ? "Preparando CSV..." : "Descargar CSV"}
        </button>
      </div>
      {exportError && <Notice tone="error">No se pudo descargar el CSV: {exportError}</Notice>}
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 text-sm">
        {more.rows.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-0.5 px-3 py-2">
            <span className="min-w-0 break-all font-medium text-stone-900">{s.email}</span>
            <span className="text-xs text-stone-500">{formatDateTime(s.subscribed_at)}</span>
          </li>
        ))}
      </ul>
      <MoreButton shown={more.rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}
