import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { FinancialReport } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import { monthLabel } from "../labels";

const compact = new Intl.NumberFormat("es-CO", { notation: "compact", maximumFractionDigits: 1 });
const shortMonth = new Intl.DateTimeFormat("es-CO", { month: "short", year: "2-digit", timeZone: "UTC" });

function monthTick(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : shortMonth.format(date);
}

const SERIES = [
  { key: "invoiced", name: "Facturado", colour: "#44403c" },
  { key: "collected", name: "Cobrado", colour: "#16a34a" },
  { key: "pending", name: "Pendiente", colour: "#f59e0b" },
  { key: "overdue", name: "Vencido", colour: "#dc2626" },
] as const;

/** Invoiced, collected, pending and overdue per month as grouped bars. */
export function ReportChart({ months }: { months: FinancialReport["by_month"] }) {
  return (
    <div className="h-72 w-full" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...months]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="month" tickFormatter={monthTick} tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(v: number) => `$${compact.format(v)}`} tick={{ fontSize: 11 }} width={60} />
          <Tooltip
            labelFormatter={(label) => monthLabel(String(label))}
            formatter={(value) => formatCOP(Number(value))}
          />
          {/* Keep the series order (recharts sorts the legend by name by default) and readable labels. */}
          <Legend
            itemSorter={null}
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value) => <span className="text-stone-700">{value}</span>}
          />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} radius={[3, 3, 0, 0]} maxBarSize={56} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
