import type { BossDashboard } from "../../../api/boss-schemas";
import { countLabel, formatCOP, formatDate } from "../../../lib/format";
import { Definitions } from "../Definitions";
import { DEF_COSTS, DEF_GOODS, DEF_PROFIT, DEF_SALES } from "../definitions";
import { formatPercent } from "../format";

type Summary = BossDashboard["financial_summary"];

function Figure({
  label,
  value,
  detail,
  tone = "text-stone-900",
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-stone-50 p-3">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className={`mt-0.5 font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="mt-0.5 text-xs text-stone-600">{detail}</dd>}
    </div>
  );
}

/**
 * The month to date: gross sales, returns and net sales; the goods at their recorded cost and the gross
 * margin; operating costs and expenses, net profit and net margin. Each margin says what it is.
 */
export function FinancialSummary({ summary }: { summary: Summary }) {
  const loss = summary.net_profit < 0;
  return (
    <div>
      <p className="mb-3 text-sm text-stone-600">
        Del {formatDate(summary.period.start_date)} al {formatDate(summary.period.end_date)}
      </p>
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Ventas brutas" value={formatCOP(summary.gross_sales)} testId="summary-gross-sales" />
        <Figure
          label="Devoluciones"
          value={formatCOP(summary.returns_amount)}
          detail={countLabel(summary.returns_count, "devolución", "devoluciones")}
          testId="summary-returns"
        />
        <Figure label="Ventas netas" value={formatCOP(summary.total_revenue)} testId="summary-revenue" />
        <Figure label="Costo de la mercancía" value={formatCOP(summary.cost_of_goods_sold)} testId="summary-cogs" />
        <Figure
          label="Margen bruto (ventas netas − costo de la mercancía)"
          value={formatPercent(summary.gross_margin_percentage)}
          detail={formatCOP(summary.gross_profit)}
          tone={summary.gross_profit < 0 ? "text-red-700" : "text-stone-900"}
          testId="summary-gross-margin"
        />
        <Figure label="Costos operativos y gastos" value={formatCOP(summary.total_costs)} />
        <Figure
          label="Utilidad neta"
          value={formatCOP(summary.net_profit)}
          tone={loss ? "text-red-700" : "text-green-700"}
          testId="summary-net-profit"
        />
        <Figure
          label="Margen neto (ventas netas − mercancía − costos y gastos)"
          value={formatPercent(summary.margin_percentage)}
          tone={loss ? "text-red-700" : "text-stone-900"}
          testId="summary-net-margin"
        />
      </dl>
      <Definitions items={[DEF_SALES, DEF_GOODS, DEF_COSTS, DEF_PROFIT]} />
    </div>
  );
}
