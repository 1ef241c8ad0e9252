import { useState } from "react";
import type { Plan, SubscriptionChange } from "../../../api/superadmin-schemas";
import { formatCOP, formatDate, formatDateTime } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { ConfirmDialog } from "../../../lib/ui/ConfirmDialog";
import { SmallButton } from "../../../lib/ui/SmallButton";
import { type BadgeTone, planName } from "../labels";
import { useCancelScheduledChange } from "../mutations";
import { useAction } from "../useAction";

type Props = {
  history: readonly SubscriptionChange[];
  plans: readonly Plan[];
  /** Offers 'Cancelar cambio' on a scheduled change. */
  cancellable?: boolean;
};

const STATUS: Record<SubscriptionChange["status"], { label: string; tone: BadgeTone }> = {
  applied: { label: "Aplicado", tone: "green" },
  scheduled: { label: "Programado", tone: "sky" },
  cancelled: { label: "Cancelado", tone: "stone" },
  blocked: { label: "No aplicado", tone: "red" },
};

function Change({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900 tabular-nums">{from === to ? to : `${from} → ${to}`}</dd>
    </div>
  );
}

/** A company's subscription changes, newest first (the server's order), each with its status. */
export function SubscriptionHistory({ history, plans, cancellable = false }: Props) {
  const action = useAction();
  const cancelChange = useCancelScheduledChange();
  const [confirming, setConfirming] = useState<SubscriptionChange | null>(null);
  if (history.length === 0) {
    return <p className="py-4 text-sm text-stone-600">Esta empresa no tiene cambios de plan registrados.</p>;
  }
  const text = (value: number | null) => (value === null ? "—" : String(value));
  const money = (value: number | null) => (value === null ? "—" : formatCOP(value));
  const cancel = async (change: SubscriptionChange) => {
    await action.run(
      `cancel-${change.id}`,
      () => cancelChange.mutateAsync(change.id),
      "Cambio de plan programado cancelado",
    );
    setConfirming(null);
  };
  return (
    <>
      <ol className="space-y-3" aria-label="Historial de cambios">
        {history.map((change) => {
          const status = STATUS[change.status];
          return (
            <li
              key={change.id}
              data-testid="history-item"
              className={`rounded-lg border p-3 ${change.status === "scheduled" ? "border-sky-300 bg-sky-50/40" : "border-stone-200"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p className="font-semibold text-stone-900">
                  {change.old_plan ? `${planName(change.old_plan, plans)} → ` : ""}
                  {planName(change.new_plan, plans)}
                </p>
                <Badge tone={status.tone} testId="history-status">
                  {change.status === "scheduled"
                    ? `${status.label} · ${formatDate(change.effective_date)}`
                    : status.label}
                </Badge>
              </div>
              <p className="mt-0.5 text-xs text-stone-500">Registrado el {formatDateTime(change.created_at)}</p>
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
              {change.status_reason && change.status !== "applied" && (
                <p className={`mt-2 text-sm ${change.status === "blocked" ? "text-red-800" : "text-stone-600"}`}>
                  {change.status_reason}
                </p>
              )}
              {change.status === "scheduled" && cancellable && (
                <div className="mt-3 flex justify-end">
                  <SmallButton danger onClick={() => setConfirming(change)}>
                    Cancelar cambio
                  </SmallButton>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {confirming && (
        <ConfirmDialog
          closeLabel="Cerrar ventana"
          title="Cancelar cambio programado"
          message={`El cambio a ${planName(confirming.new_plan, plans)} programado para el ${formatDate(confirming.effective_date)} no se aplicará. La empresa conserva su plan actual.`}
          confirmLabel="Cancelar cambio"
          busy={action.running === `cancel-${confirming.id}`}
          onConfirm={() => void cancel(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
