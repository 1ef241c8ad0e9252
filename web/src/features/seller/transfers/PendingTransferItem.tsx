import type { Transfer } from "../../../api/transfers-schemas";
import { productName } from "../../../lib/format";
import { DeliveryAttempts, ReservationExpired } from "../../../lib/logistics/DeliveryAttempts";
import { ProductPhoto } from "../../../lib/logistics/ProductPhoto";
import { ProgressBar } from "../../../lib/logistics/ProgressBar";
import { PICKUP_LABEL } from "../../../lib/logistics/progress";
import { TransferCard } from "../../../lib/logistics/TransferCard";
import { ActionButtons } from "../../../lib/ui/ActionButtons";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, dangerButton, successButton } from "../../../lib/ui/classes";

type Props = {
  transfer: Transfer;
  onCancel: () => void;
  onConfirmReception: () => void;
  onDeliverReturn: () => void;
};

/** One open transfer of the seller: state, badges, progress, facts, next action and the allowed action. */
export function PendingTransferItem({ transfer: t, onCancel, onConfirmReception, onDeliverReturn }: Props) {
  const isReturn = t.request_type === "return";
  // until the units leave the source: pending, or accepted (then with a reason, freeing the reservation)
  const canCancel = t.status === "pending" || t.status === "accepted" || t.status === "courier_assigned";
  const canConfirm = !isReturn && t.status === "delivered";
  const canDeliverReturn = isReturn && t.pickup_type === "vendedor" && t.status === "accepted";
  return (
    <TransferCard as="li" id={t.id} noun="Transferencia" testId="seller-pending-item">
      <div className="flex gap-3">
        <ProductPhoto path={t.product_image} alt={productName(t)} className="size-16" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold text-stone-900">{productName(t)}</p>
            <span className="shrink-0 text-sm font-semibold text-stone-600">#{t.id}</span>
          </div>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone={t.status === "delivered" ? "green" : "amber"}>{t.status_info.title}</Badge>
            <Badge tone={t.pickup_type === "corredor" ? "sky" : "orange"}>{PICKUP_LABEL[t.pickup_type]}</Badge>
            {isReturn && <Badge tone="violet">Devolución</Badge>}
            {t.purpose === "pair_formation" && <Badge tone="stone">Formar par</Badge>}
          </div>
        </div>
      </div>
      <div className="mt-3">
        <ProgressBar progress={t.status_info.progress} />
      </div>
      <p className="mt-2 text-sm text-stone-700">
        {t.sneaker_reference_code} · Talla {t.size} · Cantidad {t.quantity}
      </p>
      {t.next_action && (
        <p className="mt-1 text-sm text-stone-900">
          <span className="font-semibold">Siguiente:</span> {t.next_action}
        </p>
      )}
      <p className="mt-1 text-sm text-stone-600">
        Corredor: {t.courier_info.name ?? "Sin asignar"} · {isReturn ? "Bodeguero" : "Entrega"}:{" "}
        {t.warehouse_keeper_name || "Sin asignar"}
      </p>
      <ReservationExpired transfer={t} />
      <DeliveryAttempts transfer={t} />
      <ActionButtons
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end"
        actions={[
          { label: "Cancelar", onClick: onCancel, className: dangerButton, show: canCancel },
          { label: "Confirmar Recepción", onClick: onConfirmReception, className: successButton, show: canConfirm },
          { label: "Entregar a Bodeguero", onClick: onDeliverReturn, className: accentButton, show: canDeliverReturn },
        ]}
      />
    </TransferCard>
  );
}
