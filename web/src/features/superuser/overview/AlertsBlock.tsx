import type { ReactNode } from "react";
import type { GlobalMetrics } from "../../../api/superadmin-schemas";
import { formatDate } from "../../../lib/format";
import { cardClass } from "../../../lib/ui/classes";

type Alerts = GlobalMetrics["alerts"];
type Props = { alerts: Alerts; onOpen: (companyId: number) => void };

const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} %`;

function AlertGroup({
  title,
  tone,
  empty,
  children,
  count,
}: {
  title: string;
  tone: "amber" | "sky" | "red";
  empty: string;
  count: number;
  children: ReactNode;
}) {
  const colours = {
    amber: "border-amber-200 bg-amber-50",
    sky: "border-sky-200 bg-sky-50",
    red: "border-red-200 bg-red-50",
  }[tone];
  return (
    <div className={`min-w-0 rounded-lg border p-3 ${colours}`}>
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold text-stone-900">
        {title}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-bold tabular-nums ring-1 ring-stone-200">
          {count}
        </span>
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">{children}</ul>
      )}
    </div>
  );
}

function CompanyLink({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-left font-semibold text-stone-900 underline-offset-2 hover:underline"
    >
      {name}
    </button>
  );
}

/** Companies near their limit, subscriptions expiring soon and suspended companies (spec 2 §2). */
export function AlertsBlock({ alerts, onOpen }: Props) {
  return (
    <section aria-label="Alertas" className={cardClass}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">Alertas</h2>
      <div className="grid gap-3 md:grid-cols-3">
        <AlertGroup
          title="Cerca del límite"
          tone="amber"
          count={alerts.companies_near_limit.length}
          empty="Ninguna empresa está cerca de sus límites."
        >
          {alerts.companies_near_limit.map((c) => (
            <li key={c.id} className="text-sm">
              <CompanyLink name={c.name} onClick={() => onOpen(c.id)} />
              <span className="block text-stone-700">
                Ubicaciones {percent(c.locations_usage_percent)} · Empleados {percent(c.employees_usage_percent)}
              </span>
            </li>
          ))}
        </AlertGroup>
        <AlertGroup
          title="Vencen pronto"
          tone="sky"
          count={alerts.subscriptions_expiring_soon.length}
          empty="Ninguna suscripción vence en los próximos días."
        >
          {alerts.subscriptions_expiring_soon.map((c) => (
            <li key={c.id} className="text-sm">
              <CompanyLink name={c.name} onClick={() => onOpen(c.id)} />
              <span className="block text-stone-700">Próxima facturación: {formatDate(c.next_billing_date)}</span>
            </li>
          ))}
        </AlertGroup>
        <AlertGroup
          title="Suspendidas"
          tone="red"
          count={alerts.suspended_companies.length}
          empty="No hay empresas suspendidas."
        >
          {alerts.suspended_companies.map((c) => (
            <li key={c.id} className="text-sm">
              <CompanyLink name={c.name} onClick={() => onOpen(c.id)} />
              {c.reason && <span className="block text-stone-700">Motivo: {c.reason}</span>}
            </li>
          ))}
        </AlertGroup>
      </div>
    </section>
  );
}
