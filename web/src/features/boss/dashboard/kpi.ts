import type { Kpi, Trend } from "../../../api/boss-schemas";
import { formatCOP } from "../../../lib/format";
import { formatChange, formatCount } from "../format";

/** How a KPI's change is shown: arrow, words for screen readers, colour and what it is compared with. */
export type TrendView = {
  arrow: string;
  /** "+12,5 %", "Nuevo" or "Sin cambio". */
  change: string;
  /** Spoken trend ("Sube", "Baja", "Estable", "Nuevo"). */
  label: string;
  tone: "good" | "bad" | "neutral" | "new";
};

const ARROWS: Record<Trend, string> = { up: "▲", down: "▼", stable: "▬", new: "★" };
const WORDS: Record<Trend, string> = { up: "Sube", down: "Baja", stable: "Estable", new: "Nuevo" };

/** KPIs where a rise is bad news (more transfers waiting). */
const LOWER_IS_BETTER = new Set(["pending_transfers"]);

/** What each KPI is compared with (docs/business-rules.md, "Comparisons"). */
export const COMPARED_WITH: Record<string, string> = {
  sales_today: "vs. ayer a la misma hora",
  transactions_today: "vs. ayer a la misma hora",
  average_ticket: "vs. ayer a la misma hora",
  sales_month: "vs. los mismos días del mes anterior",
  stock_value: "vs. el inicio del día",
  pending_transfers: "vs. el inicio del día",
};

export function trendView(kpi: Kpi): TrendView {
  const arrow = ARROWS[kpi.trend];
  const label = WORDS[kpi.trend];
  if (kpi.trend === "new") return { arrow, label, change: "Nuevo", tone: "new" };
  const change = kpi.change_percentage === null ? "Sin cambio" : formatChange(kpi.change_percentage);
  if (kpi.trend === "stable") return { arrow, label, change, tone: "neutral" };
  const rising = kpi.trend === "up";
  const good = LOWER_IS_BETTER.has(kpi.key) ? !rising : rising;
  return { arrow, label, change, tone: good ? "good" : "bad" };
}

export function kpiValue(kpi: Pick<Kpi, "unit">, value: number): string {
  return kpi.unit === "money" ? formatCOP(value) : formatCount(value);
}
