import { StepConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { FailedDeliveryDialog } from "./FailedDeliveryDialog";
import { BACK_AT_ORIGIN_LABEL, TAKE_BACK_LABEL } from "./transportAction";
import { useCourier } from "./useCourierBoard";

/** The open dialog of the panel: a failed attempt to report, or a trip back to the origin to start or to end. */
export function CourierDialogs() {
  const { dialog, setDialog, dialogBusy, dialogError, reportFailed, takeBack, backAtOrigin } = useCourier();
  return (
    <>
      {dialog?.kind === "failed" && (
        <FailedDeliveryDialog
          transfer={dialog.transfer}
          busy={dialogBusy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={(reason, text) => reportFailed(dialog.transfer, reason, text)}
        />
      )}
      {dialog?.kind === "take_back" && (
        <StepConfirmDialog
          title={`¿Devolver #${dialog.transfer.id} al origen?`}
          confirmLabel={TAKE_BACK_LABEL}
          busy={dialogBusy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={() => takeBack(dialog.transfer)}
        >
          <p>
            Lleva el producto de vuelta a {dialog.transfer.source_location_name}. Cuando lo dejes allí, toca «
            {BACK_AT_ORIGIN_LABEL}»: volverá a su inventario y la transferencia quedará cancelada.
          </p>
        </StepConfirmDialog>
      )}
      {dialog?.kind === "at_origin" && (
        <StepConfirmDialog
          title={`¿Dejaste #${dialog.transfer.id} en ${dialog.transfer.source_location_name}?`}
          confirmLabel={BACK_AT_ORIGIN_LABEL}
          busy={dialogBusy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={() => backAtOrigin(dialog.transfer)}
        >
          <p>
            {dialog.transfer.what_to_deliver} vuelve al inventario de {dialog.transfer.source_location_name} y la
            transferencia queda cancelada.
          </p>
        </StepConfirmDialog>
      )}
    </>
  );
}
