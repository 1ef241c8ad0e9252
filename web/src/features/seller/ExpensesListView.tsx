import { pluralWord } from "../../../../shared/plural";
import { fetchExpensesToday } from "../../api/seller";
import { ExpensesTodaySchema } from "../../api/seller-schemas";
import { countLabel, formatCOP, formatDateTime } from "../../lib/format";
import { useOutboxItems } from "../../lib/outbox/useOutbox";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { Badge } from "../../lib/ui/Badge";
import { bigAccentButton } from "../../lib/ui/classes";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { StatCard } from "../../lib/ui/StatCard";
import { type QueuedExpense, type QueuedExpenses, queuedExpensesToday } from "./outbox/actions";
import { ReceiptThumbnail } from "./ReceiptThumbnail";
import type { Go } from "./views";

export const EXPENSES_LOAD_ERROR = "Error al cargar los gastos del día";
export const EXPENSE_NOT_SENT = "Pendiente de enviar";

/** What the seller reads of the expenses kept on the phone, counted in the day's figures. */
export function queuedExpensesNote(queued: QueuedExpenses): string | null {
  const onPhone = queued.pending.length;
  const parts: string[] = [];
  if (onPhone > 0) {
    parts.push(
      `Incluye ${countLabel(onPhone, "gasto", "gastos")} en el teléfono, ${pluralWord(onPhone, "pendiente", "pendientes")} de enviar: ${formatCOP(queued.pendingTotal)}.`,
    );
  }
  if (queued.blocked.length > 0)
    parts.push(`${countLabel(queued.blocked.length, "gasto", "gastos")} por resolver, sin contar.`);
  return parts.length > 0 ? parts.join(" ") : null;
}

function QueuedExpenseItem({ item, onResolve }: { item: QueuedExpense; onResolve?: () => void }) {
  const blocked = item.status === "blocked";
  return (
    <li className="rounded-xl border border-sky-200 bg-sky-50/60 p-4 shadow-sm" data-testid="queued-expense">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{item.payload.concept}</p>
          <p className="text-sm text-stone-600">{formatDateTime(item.createdAt)}</p>
        </div>
        <p className="shrink-0 text-lg font-bold text-stone-900">{formatCOP(Number(item.payload.amount))}</p>
      </div>
      {item.payload.notes && <p className="mt-1 text-sm text-stone-700">{item.payload.notes}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {blocked ? (
          <>
            <Badge tone="warning">Por resolver</Badge>
            {onResolve && (
              <button type="button" className="text-sm font-semibold text-orange-700 underline" onClick={onResolve}>
                Resolver
              </button>
            )}
          </>
        ) : (
          <Badge tone="info">{EXPENSE_NOT_SENT}</Badge>
        )}
      </div>
      {blocked && item.problem && (
        <p className="mt-2 text-sm text-amber-900">El servidor no lo aceptó: {item.problem.detail}</p>
      )}
    </li>
  );
}

/**
 * 'Gastos del Día': total and count, then each expense. The expenses made on this phone that the
 * server does not have yet are listed first, labelled, and added to the total and the count.
 */
export function ExpensesListView({ go }: { go: Go }) {
  const live = useRemoteData({
    area: "seller",
    name: "expenses-today",
    schema: ExpensesTodaySchema,
    load: fetchExpensesToday,
  });
  const queued = queuedExpensesToday(useOutboxItems().items);
  const onPhone = [...queued.blocked, ...queued.pending];
  const note = queuedExpensesNote(queued);
  const serverTotal = live.data?.summary.total_amount ?? 0;
  const serverCount = live.data?.summary.count ?? 0;
  return (
    <div className="space-y-4">
      <FailedLoadBanner className="mb-4" title={EXPENSES_LOAD_ERROR} live={live} />
      {live.status === "loading" && !live.data && <Spinner label="Cargando gastos..." />}
      {live.data && (
        <section aria-label="Resumen de gastos" className="grid grid-cols-2 gap-3">
          <StatCard tone="orange" label="Total gastos" value={formatCOP(serverTotal + queued.pendingTotal)} />
          <StatCard label="Cantidad" value={serverCount + queued.pending.length} />
        </section>
      )}
      {note && (
        <p
          className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200"
          data-testid="queued-expenses-figures"
        >
          {note}
          {!live.data && " El total del día se verá cuando el servidor responda."}
        </p>
      )}
      {onPhone.length > 0 && (
        <section aria-label="Gastos en este teléfono" className="space-y-3">
          <h2 className="text-base font-bold text-stone-900">En este teléfono ({onPhone.length})</h2>
          <ul className="space-y-3">
            {onPhone.map((item) => (
              <QueuedExpenseItem key={item.key} item={item} onResolve={() => go("outbox")} />
            ))}
          </ul>
        </section>
      )}
      {live.data &&
        (live.data.data.length === 0 ? (
          onPhone.length === 0 && (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">
              No hay gastos registrados hoy
            </p>
          )
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
        ))}
      <button type="button" onClick={() => go("expenses")} className={`${bigAccentButton} w-full sm:w-auto`}>
        + Registrar Gasto
      </button>
    </div>
  );
}
