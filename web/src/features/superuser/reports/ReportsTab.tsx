import { type FormEvent, useId, useState } from "react";
import { DATE_RANGE_REVERSED } from "../../../../../shared/messages";
import { formatCOP, formatDate } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { accentButton, cardClass, secondaryButton } from "../../../lib/ui/classes";
import { DateRangeFields } from "../../../lib/ui/DateRangeFields";
import { StatGrid } from "../../../lib/ui/StatCard";
import { bogotaToday } from "../../company/dates";
import { firstOfMonth } from "../labels";
import { superuserQueries } from "../queries";
import { ReportChart } from "./ReportChart";
import { ReportTables } from "./ReportTables";
import { buildReportCsv, downloadCsv, reportFileName } from "./reportCsv";

const count = new Intl.NumberFormat("es-CO");

/** Financial report for a date range (first of the month → today by default), as tables, chart and CSV. */
export function ReportsTab() {
  const id = useId();
  const today = bogotaToday();
  const [start, setStart] = useState(firstOfMonth(today));
  const [end, setEnd] = useState(today);
  // The range last asked for: its report is read (and kept) like any other.
  const [asked, setAsked] = useState<{ start: string; end: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const result = useRemoteData({
    ...superuserQueries.report(asked?.start ?? "", asked?.end ?? ""),
    keepWhileLoading: true,
    enabled: asked !== null,
  });
  const report = result.data;
  const loading = result.busy;
  // A failed report leaves the rest of the console usable (spec 2 §7): the message stays here.
  const error = formError ?? (result.error ? `Error: ${result.error}` : null);

  const generate = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!start || !end) {
      setFormError("Elige la fecha inicial y la final");
      return;
    }
    if (start > end) {
      setFormError(DATE_RANGE_REVERSED);
      return;
    }
    if (asked?.start === start && asked.end === end) result.reload();
    else setAsked({ start, end });
  };

  return (
    <div className="space-y-5">
      <form onSubmit={generate} aria-label="Reporte financiero" className={cardClass}>
        <h2 className="mb-3 text-lg font-semibold text-stone-900">Reporte financiero</h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end lg:max-w-2xl">
          <DateRangeFields id={id} start={start} end={end} onStart={setStart} onEnd={setEnd} />
          <button type="submit" disabled={loading} className={accentButton}>
            {loading ? "Generando..." : "Generar Reporte"}
          </button>
        </div>
        {error && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </form>

      {report && (
        <section aria-label="Resultado del reporte" className="space-y-5" data-testid="report-result">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-stone-700">
              Periodo: <strong>{formatDate(report.period.start_date)}</strong> a{" "}
              <strong>{formatDate(report.period.end_date)}</strong>
            </p>
            <button
              type="button"
              onClick={() => downloadCsv(reportFileName(report), buildReportCsv(report))}
              className={secondaryButton}
            >
              Descargar CSV
            </button>
          </div>
          <StatGrid
            className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6"
            cards={[
              { label: "Facturado", value: formatCOP(report.totals.invoiced), tone: "stone" },
              { label: "Cobrado", value: formatCOP(report.totals.collected), tone: "green" },
              { label: "Pendiente", value: formatCOP(report.totals.pending), tone: "amber" },
              { label: "Vencido", value: formatCOP(report.totals.overdue), tone: "red" },
              { label: "Facturas", value: count.format(report.totals.invoices_count), tone: "stone" },
              { label: "MRR al cierre", value: formatCOP(report.mrr_at_end), tone: "orange" },
            ]}
          />
          {report.by_month.length > 0 && (
            <div className={cardClass}>
              <h3 className="mb-3 text-base font-semibold text-stone-900">Facturación por mes</h3>
              <ReportChart months={report.by_month} />
            </div>
          )}
          <ReportTables report={report} />
        </section>
      )}
    </div>
  );
}
