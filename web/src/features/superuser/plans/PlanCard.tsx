import type { Plan } from "../../../api/superadmin-schemas";
import { formatCOP } from "../../../lib/format";
import { mutedText } from "../../../lib/ui/classes";
import { CardShell } from "../CardShell";
import { featureLabel } from "../labels";

/** One plan template: limits, price per location and its features. */
export function PlanCard({ plan }: { plan: Plan }) {
  const features = Object.entries(plan.features);
  return (
    <CardShell
      testId="plan-card"
      title={plan.display_name}
      titleClass="text-lg font-semibold text-stone-900"
      details={<p className="font-mono text-xs text-stone-500">{plan.plan_code}</p>}
      status={plan.is_active ? { tone: "green", label: "Activo" } : { tone: "stone", label: "Inactivo" }}
    >
      {plan.description && <p className="mt-2 text-sm text-stone-700">{plan.description}</p>}
      <p className="mt-3 text-2xl font-bold text-stone-900 tabular-nums">
        {formatCOP(plan.price_per_location)}
        <span className="text-sm font-medium text-stone-600"> por ubicación / mes</span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg bg-stone-50 px-3 py-2">
          <dt className="text-xs text-stone-500">Ubicaciones</dt>
          <dd className="font-semibold text-stone-900">Hasta {plan.max_locations}</dd>
        </div>
        <div className="rounded-lg bg-stone-50 px-3 py-2">
          <dt className="text-xs text-stone-500">Empleados</dt>
          <dd className="font-semibold text-stone-900">Hasta {plan.max_employees}</dd>
        </div>
      </dl>
      {features.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Características">
          {features.map(([key, value]) => {
            const on = value === true || (typeof value !== "boolean" && value !== null && value !== 0 && value !== "");
            return (
              <li
                key={key}
                className={`flex items-center gap-2 ${on ? "text-stone-800" : `${mutedText} line-through`}`}
              >
                <span aria-hidden="true" className={`w-4 text-center font-bold ${on ? "text-green-700" : ""}`}>
                  {on ? "✓" : "✗"}
                </span>
                {featureLabel(key)}
                {typeof value !== "boolean" && value !== null && (
                  <span className="text-stone-500">: {String(value)}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-auto pt-3 text-xs text-stone-500">Orden: {plan.sort_order}</p>
    </CardShell>
  );
}
