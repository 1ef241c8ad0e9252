import { useEffect, useState } from "react";
import { health } from "../../../api/superadmin";
import type { Health } from "../../../api/superadmin-schemas";
import { countLabel, formatCOP } from "../../../lib/format";
import { secondaryButton } from "../../../lib/ui/classes";
import { ErrorState } from "../../../lib/ui/ErrorState";
import { Spinner } from "../../../lib/ui/Spinner";
import { StatCard } from "../../../lib/ui/StatCard";
import { superuserQueries } from "../queries";
import type { GoTab } from "../tabs";
import { useConsoleData } from "../useConsoleData";
import { AlertsBlock } from "./AlertsBlock";
import { SystemStatusCard } from "./SystemStatusCard";

const count = new Intl.NumberFormat("es-CO");

/** Dashboard: the four platform cards, the alerts block and the system status (spec 2 §2 Overview). */
export function OverviewTab({ go }: { go: GoTab }) {
  const metrics = useConsoleData(superuserQueries.overview());
  const [status, setStatus] = useState<Health | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    health(controller.signal).then(setStatus, (error: unknown) => {
      // Spec 2 §7: a failing health check is only logged; the card is simply not shown.
      if (!controller.signal.aborted) console.error("Health check del superadmin falló", error);
    });
    return () => controller.abort();
  }, []);

  const m = metrics.data;
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-stone-900">Resumen de la plataforma</h2>
        <button type="button" onClick={() => metrics.reload()} disabled={metrics.busy} className={secondaryButton}>
          {metrics.busy && m ? "Actualizando..." : "Actualizar"}
        </button>
      </div>
      {metrics.error && !m && (
        <ErrorState title="Error al cargar datos" message={metrics.error} onRetry={() => metrics.reload()} />
      )}
      {!m && !metrics.error && <Spinner />}
      {m && (
        <>
          <section aria-label="Indicadores" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              label="Total Empresas"
              value={count.format(m.total_companies)}
              detail={`${count.format(m.active_companies)} activas`}
              tone="stone"
              cardTestId="card-companies"
            />
            <StatCard
              label="Ingresos Recurrentes (MRR)"
              value={formatCOP(m.monthly_recurring_revenue)}
              detail="Mensual, empresas activas"
              tone="green"
              cardTestId="card-mrr"
            />
            <StatCard
              label="Pagos Vencidos"
              value={count.format(m.overdue_payments)}
              detail={formatCOP(m.overdue_invoices_amount)}
              tone={m.overdue_payments > 0 ? "red" : "stone"}
              cardTestId="card-overdue"
            />
            <StatCard
              label="Ubicaciones"
              value={count.format(m.total_locations)}
              detail={countLabel(m.total_employees, "empleado", "empleados")}
              tone="orange"
              cardTestId="card-locations"
            />
          </section>
          <AlertsBlock alerts={m.alerts} onOpen={(id) => go("companies", { company: id })} />
        </>
      )}
      {status && <SystemStatusCard health={status} />}
    </div>
  );
}
