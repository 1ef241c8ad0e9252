import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCOP } from "../../../lib/format";

const compact = new Intl.NumberFormat("es-CO", { notation: "compact", maximumFractionDigits: 1 });
const moneyTick = (value: number) => `$${compact.format(value)}`;
const ORANGE = "#ea580c";
const STONE = "#44403c";
// Distinct, colour-blind-friendly enough hues for up to eight locations.
const PALETTE = ["#ea580c", "#0284c7", "#16a34a", "#9333ea", "#ca8a04", "#db2777", "#0d9488", "#57534e"];

export type TrendBar = { label: string; total_sales: number; transactions: number };

/** Sales per period (bars, left axis) and number of sales (line, right axis). */
export function TrendChart({ data, testId }: { data: readonly TrendBar[]; testId: string }) {
  return (
    <div className="h-72 w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={[...data]} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={8} />
          <YAxis yAxisId="money" tickFormatter={moneyTick} tick={{ fontSize: 11 }} width={56} />
          <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} width={28} />
          <Tooltip formatter={(value, name) => (name === "Ventas" ? formatCOP(Number(value)) : value)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="money" dataKey="total_sales" name="Ventas" fill={ORANGE} radius={[3, 3, 0, 0]} />
          <Line
            yAxisId="count"
            type="linear"
            dataKey="transactions"
            name="Transacciones"
            stroke={STONE}
            strokeWidth={2}
            // A dot per day would crowd a 30-day series.
            dot={data.length <= 12}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export type ComparisonSeries = { key: string; name: string };

/** One group of bars per month, one bar per location: how the locations compare month by month. */
export function LocationComparisonChart({
  data,
  series,
}: {
  data: readonly Record<string, string | number>[];
  series: readonly ComparisonSeries[];
}) {
  return (
    <div className="h-80 w-full" data-testid="chart-location-comparison">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={moneyTick} tick={{ fontSize: 11 }} width={56} />
          <Tooltip formatter={(value) => formatCOP(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={PALETTE[i % PALETTE.length]} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
