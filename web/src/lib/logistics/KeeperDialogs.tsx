import { ReturnReceptionDialog } from "../../features/warehouse/ReturnReceptionDialog";
import { DeclineDialog } from "./DeclineDialog";
import type { KeeperActions } from "./useKeeperActions";

/** The dialogs of the keeper's actions: decline with a reason, and receive a return. */
export function KeeperDialogs({ keeper }: { keeper: KeeperActions }) {
  const { receiving, declining, running, dialogError } = keeper;
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
    </>
  );
}
