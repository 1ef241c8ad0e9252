import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCOP } from "../../lib/format";
import { EmptyState } from "../../lib/ui/EmptyState";
import { shortDate } from "./dates";
import type { DayPoint } from "./loadAnalytics";

const compact = new Intl.NumberFormat("es-CO", { notation: "compact", maximumFractionDigits: 1 });
const money = (value: unknown) => formatCOP(Number(value));
const moneyTick = (value: number) => `$${compact.format(value)}`;
/** What fits 110 px at 11 px: about 18 characters. */
const categoryTick = (value: string) => (value.length > 18 ? `${value.slice(0, 17).trimEnd()}…` : value);
const ORANGE = "#ea580c";
const STONE = "#44403c";

/** A chart label cut to `max` characters with an ellipsis. */
export const shortLabel = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Sales per day (bars) and number of sales (line), one point per day of the range. */
export function SalesOverTimeChart({ data }: { data: readonly DayPoint[] }) {
  return (
    <div className="h-64 w-full" data-testid="chart-sales-over-time">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis tickFormatter={moneyTick} tick={{ fontSize: 11 }} width={56} />
          <Tooltip
            labelFormatter={(label) => shortDate(String(label))}
            formatter={(value, name) => (name === "Ventas" ? money(value) : value)}
          />
          <Bar dataKey="total_sales" name="Ventas" fill={ORANGE} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Number of sales per day. */
export function TransactionsChart({ data }: { data: readonly DayPoint[] }) {
  return (
    <div className="h-40 w-full" data-testid="chart-transactions">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
          <Tooltip labelFormatter={(label) => shortDate(String(label))} />
          <Line
            type="monotone"
            dataKey="transactions"
            name="Número de ventas"
            stroke={STONE}
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

type BarRow = { label: string; value: number };

/** Horizontal bars for rankings (locations, products, users); money or plain units. */
export function RankingChart({
  rows,
  name,
  kind,
  testId,
  empty,
}: {
  rows: readonly BarRow[];
  name: string;
  kind: "money" | "units";
  testId: string;
  /** Shown instead of the chart when there are no rows. */
  empty?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <EmptyState text={empty} />;
  const height = Math.max(120, rows.length * 34 + 24);
  return (
    <div className="w-full" style={{ height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...rows]} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={kind === "money" ? moneyTick : (v: number) => compact.format(v)}
            tick={{ fontSize: 11 }}
            allowDecimals={kind === "money"}
          />
          {/* a long name is cut with '…' (the tooltip has it whole): Recharts would clip it at the axis' edge */}
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11 }} tickFormatter={categoryTick} />
          <Tooltip formatter={(value) => (kind === "money" ? money(value) : value)} />
          <Bar dataKey="value" name={name} fill={kind === "money" ? ORANGE : STONE} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
