import type { ReactNode } from "react";
import type { GlobalMetrics } from "../../../api/superadmin-schemas";
import { countLabel, formatCOP, formatDate, formatPercent } from "../../../lib/format";
import { cardClass } from "../../../lib/ui/classes";

type Alerts = GlobalMetrics["alerts"];
type Props = { alerts: Alerts; onOpen: (companyId: number) => void };

const percent = formatPercent;

type Company = { id: number; name: string };

/** One kind of alert: its companies (each opens its details) with a line about each. */
function AlertGroup<C extends Company>({
  title,
  tone,
  empty,
  companies,
  detail,
  onOpen,
  itemKey = (c) => c.id,
}: {
  title: string;
  tone: "amber" | "sky" | "red";
  empty: string;
  companies: readonly C[];
  detail: (company: C) => ReactNode;
  onOpen: (companyId: number) => void;
  /** One row per company unless an item names something else (an invoice). */
  itemKey?: (item: C) => string | number;
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
          {companies.length}
        </span>
      </h3>
      {companies.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {companies.map((c) => (
            <li key={itemKey(c)} className="text-sm">
              <CompanyLink name={c.name} onClick={() => onOpen(c.id)} />
              {detail(c)}
            </li>
          ))}
        </ul>
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

/** When an unpaid invoice falls due: 'vence hoy', 'vence mañana', 'vence el 25/11/2026', 'vencida hace 3 días'. */
export function dueText(daysUntilDue: number, dueDate: string): string {
  if (daysUntilDue < 0) return `vencida hace ${countLabel(-daysUntilDue, "día", "días")}`;
  if (daysUntilDue === 0) return "vence hoy";
  if (daysUntilDue === 1) return "vence mañana";
  return `vence el ${formatDate(dueDate)}`;
}

/**
 * Companies near their limit, invoices that fall due within the week or are overdue ("Vencen pronto",
 * one row per unpaid invoice), and suspended companies (spec 2 §2).
 */
export function AlertsBlock({ alerts, onOpen }: Props) {
  return (
    <section aria-label="Alertas" className={cardClass}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">Alertas</h2>
      <div className="grid gap-3 md:grid-cols-3">
        <AlertGroup
          title="Cerca del límite"
          tone="amber"
          companies={alerts.companies_near_limit}
          empty="Ninguna empresa está cerca de sus límites."
          onOpen={onOpen}
          detail={(c) => (
            <span className="block text-stone-700">
              Ubicaciones {percent(c.locations_usage_percent)} · Empleados {percent(c.employees_usage_percent)}
            </span>
          )}
        />
        <AlertGroup
          title="Vencen pronto"
          tone="sky"
          companies={alerts.subscriptions_expiring_soon}
          empty="No hay facturas por vencer esta semana ni vencidas."
          onOpen={onOpen}
          itemKey={(i) => i.invoice_id}
          detail={(i) => (
            <span className="block text-stone-700">
              <span className="font-mono">{i.invoice_number}</span> · {formatCOP(i.total_amount)} ·{" "}
              <span className={i.status === "overdue" ? "font-semibold text-red-700" : undefined}>
                {dueText(i.days_until_due, i.due_date)}
              </span>
            </span>
          )}
        />
        <AlertGroup
          title="Suspendidas"
          tone="red"
          companies={alerts.suspended_companies}
          empty="No hay empresas suspendidas."
          onOpen={onOpen}
          detail={(c) => c.reason && <span className="block text-stone-700">Motivo: {c.reason}</span>}
        />
      </div>
    </section>
  );
}
