import { fetchExpensesToday } from "../../api/seller";
import { ExpensesTodaySchema } from "../../api/seller-schemas";
import { formatCOP, formatDateTime } from "../../lib/format";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { bigAccentButton } from "../../lib/ui/classes";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { StatCard } from "../../lib/ui/StatCard";
import { ReceiptThumbnail } from "./ReceiptThumbnail";
import type { Go } from "./views";

export const EXPENSES_LOAD_ERROR = "Error al cargar los gastos del día";

/** 'Gastos del Día': total and count, then each expense. */
export function ExpensesListView({ go }: { go: Go }) {
  const live = useRemoteData({
    area: "seller",
    name: "expenses-today",
    schema: ExpensesTodaySchema,
    load: fetchExpensesToday,
  });
  return (
    <div className="space-y-4">
      <FailedLoadBanner className="mb-4" title={EXPENSES_LOAD_ERROR} live={live} />
      {live.status === "loading" && !live.data && <Spinner label="Cargando gastos..." />}
      {live.data && (
        <>
          <section aria-label="Resumen de gastos" className="grid grid-cols-2 gap-3">
            <StatCard tone="orange" label="Total gastos" value={formatCOP(live.data.summary.total_amount)} />
            <StatCard label="Cantidad" value={live.data.summary.count} />
          </section>
          {live.data.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
              No hay gastos registrados hoy
            </p>
          ) : (
            <ul className="space-y-3">
              {live.data.data.map((expense) => (
                <li key={expense.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{expense.concept}</p>
                      <p className="text-sm text-stone-600">{formatDateTime(expense.created_at)}</p>
                    </div>
                    <p className="shrink-0 text-lg font-bold text-stone-900">{formatCOP(expense.amount)}</p>
                  </div>
                  {expense.notes && <p className="mt-1 text-sm text-stone-700">{expense.notes}</p>}
                  {expense.has_receipt && expense.receipt_url && (
                    <div className="mt-2">
                      <ReceiptThumbnail path={expense.receipt_url} alt={`Recibo de ${expense.concept}`} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <button type="button" onClick={() => go("expenses")} className={`${bigAccentButton} w-full sm:w-auto`}>
        + Registrar Gasto
      </button>
    </div>
  );
}
