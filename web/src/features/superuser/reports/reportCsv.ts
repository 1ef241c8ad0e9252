import type { FinancialReport } from "../../../api/superadmin-schemas";

/**
 * The financial report as CSV: ';' separated with CRLF lines (what Excel in es-CO opens directly),
 * three tables (totals, by month, by company) under their titles, whole pesos without symbols.
 */

type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(Math.round(value)) : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (cells: readonly Cell[]) => cells.map(cell).join(";");

export function buildReportCsv(report: FinancialReport): string {
  const lines = [
    row(["Reporte financiero"]),
    row(["Desde", report.period.start_date]),
    row(["Hasta", report.period.end_date]),
    "",
    row(["Totales"]),
    row(["Facturado", "Cobrado", "Pendiente", "Vencido", "Facturas", "MRR al cierre"]),
    row([
      report.totals.invoiced,
      report.totals.collected,
      report.totals.pending,
      report.totals.overdue,
      report.totals.invoices_count,
      report.mrr_at_end,
    ]),
    "",
    row(["Por mes"]),
    row(["Mes", "Facturado", "Cobrado", "Pendiente", "Vencido"]),
    ...report.by_month.map((m) => row([m.month, m.invoiced, m.collected, m.pending, m.overdue])),
    "",
    row(["Por empresa"]),
    row(["ID", "Empresa", "Facturas", "Facturado", "Cobrado", "Pendiente", "Vencido"]),
    ...report.by_company.map((c) =>
      row([c.company_id, c.company_name, c.invoices, c.invoiced, c.collected, c.pending, c.overdue]),
    ),
  ];
  return lines.join("\r\n");
}

export function reportFileName(report: FinancialReport): string {
  return `reporte-financiero_${report.period.start_date}_${report.period.end_date}.csv`;
}

/** Saves the CSV (UTF-8 with BOM so Excel shows the accents): the one download of every CSV. */
export { downloadCsv } from "../../company/csv";
