import { DeclineDialog, KeeperCancelDialog } from "./DeclineDialog";
import { ReturnReceptionDialog } from "./ReturnReceptionDialog";
import type { KeeperActions } from "./useKeeperActions";

/** The dialogs of the keeper's actions: decline or cancel with a reason, and receive a return. */
export function KeeperDialogs({ keeper }: { keeper: KeeperActions }) {
  const { receiving, declining, cancelling, running, dialogError } = keeper;
  return (
    <>
      {receiving && (
        <ReturnReceptionDialog
          transfer={receiving}
          busy={running.has(receiving.id)}
          error={dialogError}
          onCancel={keeper.closeReception}
          onConfirm={(reception) => keeper.confirmReturn(receiving, reception)}
        />
      )}
      {declining && (
        <DeclineDialog
          transfer={declining}
          busy={running.has(declining.id)}
          error={dialogError}
          onCancel={keeper.closeDecline}
          onConfirm={(reason) => keeper.decline(declining, reason)}
        />
      )}
      {cancelling && (
        <KeeperCancelDialog
          transfer={cancelling}
          busy={running.has(cancelling.id)}
          error={dialogError}
          onCancel={keeper.closeCancel}
          onConfirm={(reason) => keeper.cancelAccepted(cancelling, reason)}
        />
      )}
    </>
  );
}
