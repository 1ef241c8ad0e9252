import type { Health } from "../../../api/superadmin-schemas";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../lib/ui/Badge";
import { cardClass } from "../../../lib/ui/classes";

/** Module and status from the superadmin health check. */
export function SystemStatusCard({ health }: { health: Health }) {
  const ok = health.status.toLowerCase() === "ok" || health.status.toLowerCase() === "healthy";
  return (
    <section aria-label="Estado del sistema" className={cardClass}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">Estado del sistema</h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-500">Módulo</dt>
          <dd className="font-semibold text-stone-900">{health.module}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Estado</dt>
          <dd className="mt-0.5">
            <Badge tone={ok ? "green" : "amber"}>{ok ? `Operativo (${health.status})` : health.status}</Badge>
          </dd>
        </div>
        {health.timestamp && (
          <div>
            <dt className="text-stone-500">Verificado</dt>
            <dd className="font-semibold text-stone-900">{formatDateTime(health.timestamp)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
