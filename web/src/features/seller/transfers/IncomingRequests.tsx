import type { VendorIncoming } from "../../../api/transfers-schemas";
import { TransferSection } from "../../../lib/logistics/TransferSection";
import type { KeeperActions } from "../../../lib/logistics/useKeeperActions";
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
      <TransferSection
        title="Solicitudes por atender"
        items={incoming.pending_requests}
        empty="Ningún otro local ni bodega te ha pedido productos"
      >
        {(t) => (
          <PendingRequestCard
            key={t.id}
            transfer={t}
            running={running.has(t.id)}
            onAccept={() => keeper.accept(t)}
            onDecline={() => keeper.openDecline(t)}
          />
        )}
      </TransferSection>
      {incoming.in_progress.length > 0 && (
        <TransferSection title="Por entregar" items={incoming.in_progress}>
          {(t) => <KeeperPreparationCard key={t.id} transfer={t} keeper={keeper} />}
        </TransferSection>
      )}
    </div>
  );
}
