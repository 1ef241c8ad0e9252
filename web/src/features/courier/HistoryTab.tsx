import { fetchMyDeliveries } from "../../api/transfers";
import type { CourierBoard } from "../../api/transfers-schemas";
import { formatCOP, formatDateTime, productName } from "../../lib/format";
import { statusLabel } from "../../lib/logistics/progress";
import { useMoreRows } from "../../lib/paging";
import { Badge } from "../../lib/ui/Badge";
import { cardClass } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { ListCount, MoreButton } from "../../lib/ui/ListCount";

/** 'Historial': the courier's delivered transports, newest first, a page at a time ("Ver más"). */
export function HistoryTab({ first }: { first: CourierBoard["deliveries"] }) {
  const more = useMoreRows(
    first.recent_deliveries,
    "courier-history",
    async (offset, signal) => (await fetchMyDeliveries(offset, signal)).recent_deliveries,
    (d) => d.id,
  );
  const deliveries = more.rows;
  const total = Math.max(first.total, deliveries.length);
  if (deliveries.length === 0) return <EmptyState text="Aún no tienes entregas registradas" />;
  return (
    <div className="space-y-3">
      <ListCount shown={deliveries.length} total={total} one="entrega" many="entregas" />
      <ul className="grid gap-3 lg:grid-cols-2">
        {deliveries.map((d) => (
          <li key={d.id} className={cardClass} data-testid="history-item">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge tone={d.status === "completed" ? "green" : "sky"}>{statusLabel(d.status)}</Badge>
              {d.delivery_successful === false ? (
                <Badge tone="red">No exitosa</Badge>
              ) : (
                <Badge tone="green">Exitosa</Badge>
              )}
              {d.request_type === "return" && <Badge tone="violet">Devolución</Badge>}
              <span className="ml-auto text-sm font-semibold text-stone-600">#{d.id}</span>
            </div>
            <p className="mt-2 font-semibold text-stone-900">{productName(d)}</p>
            <p className="text-sm text-stone-700">
              Talla {d.size} · Cantidad {d.quantity}
              {d.destination_location_name && ` · ${d.destination_location_name}`}
            </p>
            <p className="mt-1 flex flex-wrap justify-between gap-2 text-sm">
              <span className="text-stone-600">Entregado: {formatDateTime(d.delivered_at)}</span>
              <span className="font-semibold text-green-800">{formatCOP(d.estimated_earning)}</span>
            </p>
          </li>
        ))}
      </ul>
      <MoreButton shown={deliveries.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
    </div>
  );
}
