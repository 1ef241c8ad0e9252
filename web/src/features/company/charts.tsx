import type { CSSProperties, ReactElement } from "react";
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

type BoxProps = { className: string; style?: CSSProperties; testId: string; children: ReactElement };

/** The box a chart fills (its height from the class or the style), named for tests. */
function ChartBox({ className, style, testId, children }: BoxProps) {
  return (
    <div className={className} style={style} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

// The day charts' frame: their margins, horizontal grid lines and the days along the bottom.
const DAY_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
const DAY_GRID = { strokeDasharray: "3 3", stroke: "#e7e5e4", vertical: false };
const DAY_AXIS = { dataKey: "date", tickFormatter: shortDate, tick: { fontSize: 11 }, minTickGap: 12 };
const dayLabel = (label: unknown) => shortDate(String(label));

/** Sales per day (bars) and number of sales (line), one point per day of the range. */
export function SalesOverTimeChart({ data }: { data: readonly DayPoint[] }) {
  return (
    <ChartBox className="h-64 w-full" testId="chart-sales-over-time">
      <BarChart data={[...data]} margin={DAY_MARGIN}>
        <CartesianGrid {...DAY_GRID} />
        <XAxis {...DAY_AXIS} />
        <YAxis tickFormatter={moneyTick} tick={{ fontSize: 11 }} width={56} />
        <Tooltip labelFormatter={dayLabel} formatter={(value, name) => (name === "Ventas" ? money(value) : value)} />
        <Bar dataKey="total_sales" name="Ventas" fill={ORANGE} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartBox>
  );
}

/** Number of sales per day. */
export function TransactionsChart({ data }: { data: readonly DayPoint[] }) {
  return (
    <ChartBox className="h-40 w-full" testId="chart-transactions">
      <LineChart data={[...data]} margin={DAY_MARGIN}>
        <CartesianGrid {...DAY_GRID} />
        <XAxis {...DAY_AXIS} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
        <Tooltip labelFormatter={dayLabel} />
        <Line
          type="monotone"
          dataKey="transactions"
          name="Número de ventas"
          stroke={STONE}
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    </ChartBox>
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
    <ChartBox className="w-full" style={{ height }} testId={testId}>
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
    </ChartBox>
  );
}
