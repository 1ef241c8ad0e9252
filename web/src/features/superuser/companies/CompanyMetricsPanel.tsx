import { useEffect, useMemo, useRef } from "react";
import type { Plan } from "../../../api/superadmin-schemas";
import { formatCOP, formatDate } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Spinner } from "../../../lib/ui/Spinner";
import { AdministradoresPanel } from "../../staff/AdministradoresPanel";
import { companyStatus, planName } from "../labels";
import { companyAdministradores } from "../mutations";
import { superuserQueries } from "../queries";
import { UsageBar } from "../UsageBar";
import { useConsoleData } from "../useConsoleData";

type Props = { companyId: number; plans: readonly Plan[]; onClose: () => void };

/**
 * Metrics detail: location and employee usage against the limits, monthly cost, the company's boss, and
 * its administradores (a new company gets its first one here).
 */
export function CompanyMetricsPanel({ companyId, plans, onClose }: Props) {
  const panelRef = useRef<HTMLElement>(null);
  const staff = useMemo(() => companyAdministradores(companyId), [companyId]);
  const loaded = useConsoleData(superuserQueries.company(companyId));

  // Opened from another tab ("Ver Empresa") or a card far down the list: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each newly opened company is the trigger.
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [companyId]);

  const data = loaded.data;
  const name = data?.metrics.company_name ?? `Empresa ${companyId}`;
  return (
    <section
      ref={panelRef}
      aria-label="Métricas de la empresa"
      data-testid="metrics-panel"
      className="scroll-mt-4 rounded-xl border-2 border-orange-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-orange-700 uppercase">Métricas</p>
          <h2 className="truncate text-lg font-semibold text-stone-900">{name}</h2>
        </div>
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cerrar
        </button>
      </div>
      {loaded.error && !data && (
        <ErrorState title="Error al cargar datos" message={loaded.error} onRetry={loaded.reload} />
      )}
      {!data && !loaded.error && <Spinner label="Cargando métricas..." />}
      {data && (
        <div className="grid gap-5 md:grid-cols-2">
          <div className="space-y-4">
            <UsageBar
              label="Ubicaciones"
              count={data.metrics.locations_count}
              limit={data.metrics.locations_limit}
              percent={data.metrics.locations_usage_percent}
            />
            <UsageBar
              label="Empleados"
              count={data.metrics.employees_count}
              limit={data.metrics.employees_limit}
              percent={data.metrics.employees_usage_percent}
            />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-stone-500">Costo mensual</dt>
              <dd className="text-lg font-bold text-stone-900 tabular-nums">{formatCOP(data.metrics.monthly_cost)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Estado</dt>
              <dd className="mt-1">
                <Badge tone={companyStatus(data.detail.company.subscription_status).tone}>
                  {companyStatus(data.detail.company.subscription_status).label}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">Plan</dt>
              <dd className="font-semibold text-stone-900">{planName(data.detail.company.subscription_plan, plans)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Próxima facturación</dt>
              <dd className="font-semibold text-stone-900">{formatDate(data.detail.company.next_billing_date)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-stone-500">Usuario Boss</dt>
              <dd className="font-semibold break-words text-stone-900">
                {data.detail.boss ? `${data.detail.boss.full_name} · ${data.detail.boss.email}` : "Sin boss asignado"}
              </dd>
            </div>
          </dl>
        </div>
      )}
      <div className="mt-5 border-t border-stone-200 pt-4">
        <AdministradoresPanel staff={staff} showUsage={false} />
      </div>
    </section>
  );
}
