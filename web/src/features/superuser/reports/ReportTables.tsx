import type { ReactNode } from "react";
import type { FinancialReport } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import { monthLabel } from "../labels";

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase whitespace-nowrap";
const thNum = `${th} text-right`;
const td = "px-3 py-2 text-sm text-stone-800 whitespace-nowrap";
const tdNum = `${td} text-right tabular-nums`;

const AMOUNT_HEADS = ["Facturado", "Cobrado", "Pendiente", "Vencido"];

type TableProps = {
  caption: string;
  /** The columns before the money ones; the first names the row, the others are figures. */
  heads: readonly string[];
  empty: boolean;
  children: ReactNode;
};

function Table({ caption, heads, empty, children }: TableProps) {
  // An empty table would only scroll sideways on a phone: say so in a line instead.
  if (empty) {
    return (
      <section aria-label={caption} className="rounded-xl border border-stone-200 bg-white px-3 py-3 shadow-sm">
        <h3 className="text-base font-semibold text-stone-900">{caption}</h3>
        <p className="mt-1 text-sm text-stone-600">No hay facturas en el periodo seleccionado</p>
      </section>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200">
        <caption className="px-3 pt-3 pb-1 text-left text-base font-semibold text-stone-900">{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {[...heads, ...AMOUNT_HEADS].map((h, i) => (
              <th key={h} className={i === 0 ? th : thNum}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

type Amounts = { invoiced: number; collected: number; pending: number; overdue: number };

/** A row's money cells, in the order of AMOUNT_HEADS. */
function AmountCells({ row }: { row: Amounts }) {
  return [row.invoiced, row.collected, row.pending, row.overdue].map((amount, i) => (
    <td key={AMOUNT_HEADS[i]} className={tdNum}>
      {formatCOP(amount)}
    </td>
  ));
}

/** By month and by company, each with its money columns. */
export function ReportTables({ report }: { report: FinancialReport }) {
  return (
    <div className="space-y-5">
      <Table caption="Por mes" heads={["Mes"]} empty={report.by_month.length === 0}>
        {report.by_month.map((m) => (
          <tr key={m.month}>
            <td className={td}>{monthLabel(m.month)}</td>
            <AmountCells row={m} />
          </tr>
        ))}
      </Table>
      <Table caption="Por empresa" heads={["Empresa", "Facturas"]} empty={report.by_company.length === 0}>
        {report.by_company.map((c) => (
          <tr key={c.company_id}>
            <td className={td}>{c.company_name}</td>
            <td className={tdNum}>{c.invoices}</td>
            <AmountCells row={c} />
          </tr>
        ))}
      </Table>
    </div>
  );
}
