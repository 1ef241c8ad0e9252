import { fetchVendorDashboard } from "../../api/seller";
import { VendorDashboardSchema } from "../../api/seller-schemas";
import { Spinner } from "../../lib/ui/Spinner";
import { SectionCard } from "./SectionCard";
import { StaleDataNotice } from "./StaleDataNotice";
import { StatCard } from "./StatCard";
import { useLiveData } from "./useLiveData";

/**
 * 'Gestión de Transferencias': the real counts from the dashboard call. The request list and its
 * actions arrive with the transfers release; no placeholder list is shown meanwhile.
 */
export function TransfersView() {
  const live = useLiveData({ name: "dashboard", schema: VendorDashboardSchema, load: fetchVendorDashboard });
  const transfers = live.data?.pending_actions.transfer_requests;

  return (
    <div className="space-y-4">
      {live.status === "error" && (
        <StaleDataNotice
          title="Conectando con el servidor..."
          detail={live.error}
          receivedAt={live.receivedAt}
          busy={live.busy}
          onRetry={live.reload}
        />
      )}
      {live.status === "loading" && !transfers && <Spinner />}
      {transfers && (
        <section aria-label="Resumen de transferencias" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <StatCard tone="orange" label="Pendientes" value={transfers.pending} detail="Solicitudes abiertas" />
          <StatCard tone="amber" label="Urgentes" value={transfers.urgent} detail="Entregadas, por recibir" />
          <StatCard label="En tránsito" value={transfers.in_transit} />
          <StatCard tone="green" label="Completadas hoy" value={transfers.completed_today} />
          <StatCard label="Canceladas hoy" value={transfers.cancelled_today} />
          <StatCard
            label="Tasa de éxito"
            value={transfers.success_rate === null ? "—" : `${transfers.success_rate.toLocaleString("es-CO")}%`}
            detail={transfers.success_rate === null ? "Sin transferencias cerradas hoy" : undefined}
          />
        </section>
      )}
      <SectionCard title="Próximamente">
        <p className="text-sm text-stone-700">
          La vista completa de transferencias (solicitar, seguir, recibir y cancelar) llega con su propia versión. Estas
          cifras son reales y se actualizan con cada visita.
        </p>
      </SectionCard>
    </div>
  );
}
