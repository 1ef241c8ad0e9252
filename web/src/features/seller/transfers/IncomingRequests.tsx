import type { VendorIncoming } from "../../../api/transfers-schemas";
import type { KeeperActions } from "../../../lib/logistics/useKeeperActions";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { PendingRequestCard } from "../../warehouse/PendingRequestCard";
import { KeeperPreparationCard } from "../../warehouse/PreparationCard";

type Props = { incoming: VendorIncoming; keeper: KeeperActions };

/**
 * "Solicitudes para mi local": what other locations asked this store for. The store's sellers keep
 * these pairs as a warehouse keeper would: accept (reserves them), decline with a reason, hand over.
 */
export function IncomingRequests({ incoming, keeper }: Props) {
  const { running } = keeper;
  return (
    <div className="space-y-5">
      <section aria-label="Solicitudes por atender" className="space-y-3">
        <h2 className="text-lg font-semibold text-stone-900">Solicitudes por atender</h2>
        {incoming.pending_requests.length === 0 ? (
          <EmptyState text="Ningún otro local ni bodega te ha pedido productos" />
        ) : (
          <div className="grid gap-3 lg:grid-cols-2">
            {incoming.pending_requests.map((t) => (
              <PendingRequestCard
                key={t.id}
                transfer={t}
                running={running.has(t.id)}
                onAccept={() => keeper.accept(t)}
                onDecline={() => keeper.openDecline(t)}
              />
            ))}
          </div>
        )}
      </section>
      {incoming.in_progress.length > 0 && (
        <section aria-label="Por entregar" className="space-y-3">
          <h2 className="text-lg font-semibold text-stone-900">Por entregar</h2>
          <div className="grid gap-3 lg:grid-cols-2">
            {incoming.in_progress.map((t) => (
              <KeeperPreparationCard key={t.id} transfer={t} keeper={keeper} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
