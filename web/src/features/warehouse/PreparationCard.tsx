import type { Transfer } from "../../api/transfers-schemas";
import { productName } from "../../lib/format";
import { DeliveryAttempts } from "../../lib/logistics/DeliveryAttempts";
import { PartyFacts } from "../../lib/logistics/Fact";
import { ProductPhoto } from "../../lib/logistics/ProductPhoto";
import { StatusInfoBlock } from "../../lib/logistics/StatusInfoBlock";
import { TransferCard } from "../../lib/logistics/TransferCard";
import type { KeeperActions } from "../../lib/logistics/useKeeperActions";
import { Badge } from "../../lib/ui/Badge";
import { accentButton, dangerButton, successButton } from "../../lib/ui/classes";
import { NO_COURIER, preparationAction, sellerNextStep } from "./preparationAction";

type Props = {
  transfer: Transfer;
  running: boolean;
  onDeliverToCourier: (courierId: number | null) => void;
  onDeliverToVendor: () => void;
  onConfirmReturn: () => void;
  /** cancel with a reason, while accepted and not handed over yet (absent: not offered) */
  onCancel?: () => void;
};

/** An accepted request can be called off until its units leave (then it is in transit or delivered). */
export const cancellable = (t: Transfer) => t.status === "accepted" || t.status === "courier_assigned";

/** An accepted request: what to deliver, who and where, the status info block, the keeper's action and 'Cancelar'. */
export function PreparationCard({
  transfer: t,
  running,
  onDeliverToCourier,
  onDeliverToVendor,
  onConfirmReturn,
  onCancel,
}: Props) {
  const action = preparationAction(t);
  const sellerStep = sellerNextStep(t);
  const isReturn = t.request_type === "return";
  return (
    <TransferCard
      id={t.id}
      noun="Solicitud"
      testId="preparation-card"
      badges={
        <>
          <Badge tone="amber">{t.warehouse_status_label}</Badge>
          <Badge tone="sky">{t.inventory_type_label || "Par completo"}</Badge>
          {isReturn && <Badge tone="violet">Devolución</Badge>}
        </>
      }
    >
      <p className="mt-3 font-semibold text-stone-900">{t.what_to_deliver}</p>
      <div className="mt-2 flex gap-3">
        <ProductPhoto path={t.product_image} alt={productName(t)} className="size-16" />
        <PartyFacts transfer={t} className="grid min-w-0 flex-1 grid-cols-2 gap-x-3 gap-y-2" />
      </div>
      <div className="mt-3">
        <StatusInfoBlock info={t.status_info} />
      </div>
      {sellerStep && (
        <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="seller-step">
          <span className="font-semibold">Vendedor:</span> {sellerStep}
        </p>
      )}
      <DeliveryAttempts transfer={t} />
      <div className="mt-3">
        {action.kind === "deliver_courier" && (
          <button
            type="button"
            disabled={running}
            onClick={() => onDeliverToCourier(action.courierId)}
            className={`${accentButton} w-full`}
          >
            {running ? "Entregando..." : "Entregar a Corredor"}
          </button>
        )}
        {action.kind === "no_courier" && (
          <div>
            <button type="button" disabled className={`${accentButton} w-full`}>
              Entregar a Corredor
            </button>
            <p className="mt-1 text-center text-sm text-amber-800">{NO_COURIER}</p>
          </div>
        )}
        {action.kind === "deliver_vendor" && (
          <button type="button" disabled={running} onClick={onDeliverToVendor} className={`${accentButton} w-full`}>
            {running ? "Entregando..." : "Entregar a Vendedor"}
          </button>
        )}
        {action.kind === "confirm_return" && (
          <button type="button" disabled={running} onClick={onConfirmReturn} className={`${successButton} w-full`}>
            Confirmar Recepción
          </button>
        )}
        {action.kind === "wait" && (
          <p className="rounded-lg bg-stone-100 px-3 py-2 text-center text-sm font-medium text-stone-700">
            {action.text}
          </p>
        )}
        {onCancel && cancellable(t) && (
          <button type="button" disabled={running} onClick={onCancel} className={`${dangerButton} mt-2 w-full`}>
            Cancelar solicitud
          </button>
        )}
      </div>
    </TransferCard>
  );
}

/** A PreparationCard wired to the keeper's actions (warehouse or a store asked for pairs). */
export function KeeperPreparationCard({ transfer: t, keeper }: { transfer: Transfer; keeper: KeeperActions }) {
  return (
    <PreparationCard
      transfer={t}
      running={keeper.running.has(t.id)}
      onDeliverToCourier={(courierId) => keeper.toCourier(t, courierId)}
      onDeliverToVendor={() => keeper.toVendor(t)}
      onConfirmReturn={() => keeper.openReception(t)}
      onCancel={() => keeper.openCancel(t)}
    />
  );
}
