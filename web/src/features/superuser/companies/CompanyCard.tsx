import type { Company, Plan } from "../../../api/superadmin-schemas";
import { formatCOP, formatDate } from "../../../lib/format";
import { dangerSmallButton, smallButton } from "../../../lib/ui/classes";
import { CardShell } from "../CardShell";
import { companyStatus, planName } from "../labels";

export type CompanyAction =
  | "edit"
  | "metrics"
  | "invoices"
  | "generate-invoice"
  | "change-plan"
  | "activate"
  | "suspend"
  | "delete";

type Props = {
  company: Company;
  plans: readonly Plan[];
  /** Name of the action running on this card, if any. */
  running: CompanyAction | null;
  disabled: boolean;
  onAction: (action: CompanyAction, company: Company) => void;
};

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="truncate font-medium text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** One company: identity, status, plan, cost, billing date, usage and its actions (spec 2 §2 Companies). */
export function CompanyCard({ company, plans, running, disabled, onAction }: Props) {
  const status = companyStatus(company.subscription_status);
  const suspended = company.subscription_status === "suspended";
  const button = (action: CompanyAction, label: string, busyLabel: string, danger = false) => (
    <button
      type="button"
      onClick={() => onAction(action, company)}
      disabled={disabled}
      className={danger ? dangerSmallButton : smallButton}
    >
      {running === action ? busyLabel : label}
    </button>
  );

  return (
    <CardShell
      testId="company-card"
      title={company.name}
      titleClass="truncate text-base font-semibold text-stone-900"
      details={
        <>
          <p className="truncate text-sm text-stone-600">
            {company.subdomain} · ID {company.id}
          </p>
          <p className="truncate text-sm text-stone-600">{company.email}</p>
        </>
      }
      status={{ ...status, testId: "company-status" }}
    >
      {suspended && company.suspended_reason && (
        <p className="mt-2 rounded-md bg-red-50 px-2 py-1 text-sm text-red-800">Motivo: {company.suspended_reason}</p>
      )}
      <dl className="mt-3 mb-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Detail label="Plan" value={planName(company.subscription_plan, plans)} />
        <Detail label="Costo mensual" value={formatCOP(company.monthly_cost)} />
        <Detail label="Próxima facturación" value={formatDate(company.next_billing_date)} />
        <Detail label="Precio por ubicación" value={formatCOP(company.price_per_location)} />
        <Detail label="Ubicaciones" value={`${company.current_locations_count} de ${company.max_locations}`} />
        <Detail label="Empleados" value={`${company.current_employees_count} de ${company.max_employees}`} />
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-stone-100 pt-3 sm:flex sm:flex-wrap">
        {button("edit", "Editar", "Editar")}
        {button("metrics", "Métricas", "Métricas")}
        {button("invoices", "Facturas", "Facturas")}
        {button("generate-invoice", "Generar Factura", "Generando...")}
        {button("change-plan", "Cambiar Plan", "Cambiar Plan")}
        {suspended
          ? button("activate", "Activar", "Activando...")
          : button("suspend", "Suspender", "Suspendiendo...", true)}
        {button("delete", "Eliminar", "Eliminando...", true)}
      </div>
    </CardShell>
  );
}
