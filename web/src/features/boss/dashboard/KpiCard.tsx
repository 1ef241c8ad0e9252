import type { Kpi } from "../../../api/boss-schemas";
import { COMPARED_WITH, kpiValue, trendView } from "./kpi";

const TONE = {
  good: "bg-green-50 text-green-800 ring-green-600/20",
  bad: "bg-red-50 text-red-800 ring-red-600/20",
  neutral: "bg-stone-100 text-stone-700 ring-stone-500/20",
  new: "bg-sky-50 text-sky-800 ring-sky-600/20",
} as const;

/** One KPI: its value, the change against the previous period with a trend arrow, and that period's value. */
export function KpiCard({ kpi }: { kpi: Kpi }) {
  const trend = trendView(kpi);
  const value = kpiValue(kpi, kpi.value);
  return (
    <div
      data-testid={`kpi-${kpi.key}`}
      data-trend={kpi.trend}
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <p className="text-sm font-medium text-stone-600">{kpi.label}</p>
      <p
        className={`mt-1 font-bold tracking-tight break-words text-stone-900 tabular-nums sm:text-2xl ${
          // Billions of pesos do not fit half a phone's width in the large size.
          value.length > 12 ? "text-base" : "text-lg"
        }`}
        data-testid={`kpi-value-${kpi.key}`}
      >
        {value}
      </p>
      <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[trend.tone]}`}
          data-testid={`kpi-trend-${kpi.key}`}
        >
          <span aria-hidden="true">{trend.arrow}</span>
          <span className="sr-only">{trend.label}: </span>
          {trend.change}
        </span>
        <span className="text-stone-500">{COMPARED_WITH[kpi.key] ?? "vs. el período anterior"}</span>
      </p>
      <p className="mt-1 text-xs text-stone-500" data-testid={`kpi-previous-${kpi.key}`}>
        Antes: {kpiValue(kpi, kpi.previous_value)}
      </p>
    </div>
  );
}
