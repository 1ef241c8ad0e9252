import { formatCOP, formatDate, formatDateTime, formatPercent } from "../../../lib/format";
import { DataTable } from "../DataTable";
import type { ReportCell, ReportColumn, ReportTable } from "./reportTables";

function display(cell: ReportCell, column: ReportColumn): string {
  if (cell === null || cell === "") return "—";
  if (typeof cell === "number") {
    if (column.kind === "money") return formatCOP(cell);
    if (column.kind === "percent") return formatPercent(cell);
    return cell.toLocaleString("es-CO");
  }
  if (column.kind === "date") return cell.length > 10 ? formatDateTime(cell) : formatDate(cell);
  return cell;
}

/** The tables of a report, each with an empty state. */
export function ReportTablesView({ tables }: { tables: readonly ReportTable[] }) {
  return (
    <div className="space-y-4">
      {tables.map((t) => (
        <div key={t.title}>
          <h4 className="mb-1.5 text-sm font-semibold text-stone-800">{t.title}</h4>
          <DataTable
            label={t.title}
            rows={t.rows.map((cells, index) => ({ index, cells }))}
            rowKey={(r) => r.index}
            empty="Sin datos"
            cardTitle={t.cardTitle ?? true}
            columns={t.columns.map((c, i) => ({
              header: c.header,
              align: c.kind === "money" || c.kind === "number" || c.kind === "percent" ? ("right" as const) : undefined,
              cell: (r: { cells: ReportCell[] }) => display(r.cells[i] ?? null, c),
            }))}
          />
        </div>
      ))}
    </div>
  );
}
