import { useState } from "react";
import type { SalesReport } from "../../../api/boss-schemas";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Panel } from "../../../lib/ui/Panel";
import { ReportTablesView } from "../../admin/reports/ReportTablesView";
import { tablesCsv, vatReportTables } from "../../admin/reports/reportTables";
import { ExportButton } from "../ExportButton";
import { PeriodPicker } from "../PeriodPicker";
import { defaultPeriod, type Period, periodKey, periodLabel } from "../period";
import { bossQueries } from "../queries";
import { salesReportCsv } from "../reportCsv";
import { SalesReportView } from "./SalesReportView";

const empty = (r: SalesReport) => r.total_transactions === 0;

/** Reportes de ventas: consolidated for a range (default this month so far), a month or a single day. */
export default function SalesSection() {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const live = useRemoteData(bossQueries.sales(period));
  const vat = useRemoteData(bossQueries.vat(period));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodPicker kinds={["range", "month", "day"]} value={period} onChange={setPeriod} />
        {live.data && !empty(live.data) && (
          <ExportButton
            fileName={`reporte-ventas-${periodKey(period)}`}
            build={() => (live.data ? salesReportCsv(live.data, `Reporte de ventas · ${periodLabel(period)}`) : "")}
          />
        )}
      </div>
      <DataState live={live} loadingLabel="Cargando reporte de ventas...">
        {(report) => (
          <>
            <p className="text-sm font-medium text-stone-700" data-testid="sales-period">
              {periodLabel(period)}
            </p>
            {empty(report) ? (
              <EmptyState text="No hay ventas en el período seleccionado" />
            ) : (
              <SalesReportView report={report} />
            )}
          </>
        )}
      </DataState>
      <Panel
        title="IVA del período"
        description="Base e IVA por local y tarifa, neto de devoluciones (los precios incluyen el IVA)"
        action={
          vat.data && vat.data.lines.length > 0 ? (
            <ExportButton
              fileName={`reporte-iva-${periodKey(period)}`}
              build={() => (vat.data ? tablesCsv(vatReportTables(vat.data)) : "")}
            />
          ) : undefined
        }
      >
        <DataState live={vat} loadingLabel="Cargando IVA...">
          {(report) =>
            report.lines.length === 0 ? (
              <EmptyState text="No hay IVA en el período seleccionado" />
            ) : (
              <ReportTablesView tables={vatReportTables(report)} />
            )
          }
        </DataState>
      </Panel>
    </div>
  );
}
