import type { BossDashboard } from "../../../api/boss-schemas";
import { formatCOP, formatDate } from "../../../lib/format";
import { Definitions } from "../Definitions";
import { DEF_COSTS, DEF_PROFIT, DEF_SALES } from "../definitions";
import { formatPercent } from "../format";

/** Revenue, costs, net profit and margin of the month to date. */
export function FinancialSummary({ summary }: { summary: BossDashboard["financial_summary"] }) {
  const loss = summary.net_profit < 0;
  return (
    <div>
      <p className="mb-3 text-sm text-stone-600">
        Del {formatDate(summary.period.start_date)} al {formatDate(summary.period.end_date)}
      </p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500">Ingresos</dt>
          <dd className="mt-0.5 font-bold text-stone-900 tabular-nums" data-testid="summary-revenue">
            {formatCOP(summary.total_revenue)}
          </dd>
        </div>
        <div className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500">Costos totales</dt>
          <dd className="mt-0.5 font-bold text-stone-900 tabular-nums">{formatCOP(summary.total_costs)}</dd>
        </div>
        <div className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500">Utilidad neta</dt>
          <dd
            className={`mt-0.5 font-bold tabular-nums ${loss ? "text-red-700" : "text-green-700"}`}
            data-testid="summary-net-profit"
          >
            {formatCOP(summary.net_profit)}
          </dd>
        </div>
        <div className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500">Margen</dt>
          <dd className={`mt-0.5 font-bold tabular-nums ${loss ? "text-red-700" : "text-stone-900"}`}>
            {formatPercent(summary.margin_percentage)}
          </dd>
        </div>
      </dl>
      <Definitions items={[DEF_SALES, DEF_COSTS, DEF_PROFIT]} />
    </div>
  );
}
