import type { Plan, SubscriptionChange } from "../../../api/superadmin-schemas";
import { formatCOP, formatDate, formatDateTime } from "../../../lib/format";
import { planName } from "../labels";

type Props = { history: readonly SubscriptionChange[]; plans: readonly Plan[] };

function Change({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900 tabular-nums">{from === to ? to : `${from} → ${to}`}</dd>
    </div>
  );
}

/** A company's subscription changes, newest first (the server's order). */
export function SubscriptionHistory({ history, plans }: Props) {
  if (history.length === 0) {
    return <p className="py-4 text-sm text-stone-600">Esta empresa no tiene cambios de plan registrados.</p>;
  }
  const text = (value: number | null) => (value === null ? "—" : String(value));
  const money = (value: number | null) => (value === null ? "—" : formatCOP(value));
  return (
    <ol className="space-y-3" aria-label="Historial de cambios">
      {history.map((change) => (
        <li key={change.id} data-testid="history-item" className="rounded-lg border border-stone-200 p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="font-semibold text-stone-900">
              {change.old_plan ? `${planName(change.old_plan, plans)} → ` : ""}
              {planName(change.new_plan, plans)}
            </p>
            <p className="text-xs text-stone-500">{formatDateTime(change.created_at)}</p>
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <Change label="Ubicaciones" from={text(change.old_max_locations)} to={text(change.new_max_locations)} />
            <Change label="Empleados" from={text(change.old_max_employees)} to={text(change.new_max_employees)} />
            <Change
              label="Precio por ubicación"
              from={money(change.old_price_per_location)}
              to={money(change.new_price_per_location)}
            />
            <Change
              label="Fecha efectiva"
              from={formatDate(change.effective_date)}
              to={formatDate(change.effective_date)}
            />
          </dl>
          {change.reason && <p className="mt-2 text-sm text-stone-700">Motivo: {change.reason}</p>}
        </li>
      ))}
    </ol>
  );
}
