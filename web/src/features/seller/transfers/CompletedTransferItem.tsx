import type { Transfer } from "../../../api/transfers-schemas";
import { formatDateTime, productName } from "../../../lib/format";
import { DeliveryAttempts } from "../../../lib/logistics/DeliveryAttempts";
import { isUrgent, purposeLabel } from "../../../lib/logistics/progress";
import { TransferCard } from "../../../lib/logistics/TransferCard";
import { ActionButtons } from "../../../lib/ui/ActionButtons";
import { Badge } from "../../../lib/ui/Badge";
import { accentButton, secondaryButton } from "../../../lib/ui/classes";

type Props = { transfer: Transfer; onReturn: () => void; onSell: () => void };

/** A transfer finished today: outcome, priority, purpose, times, duration and, if completed, its actions. */
export function CompletedTransferItem({ transfer: t, onReturn, onSell }: Props) {
  const completed = t.status === "completed";
  const isTransfer = completed && t.request_type === "transfer";
  // a transfer already sold or on its way back offers neither action again
  const canSell = isTransfer && t.can_sell;
  const canReturn = isTransfer && t.can_return;
  return (
    <TransferCard
      as="li"
      id={t.id}
      noun="Transferencia"
      testId="seller-completed-item"
      badges={
        <>
          {completed ? (
            <Badge tone="green">Completada</Badge>
          ) : (
            <Badge tone="red">
              {t.declined ? "Rechazada" : t.returned_to_origin ? "Devuelta al origen" : "Cancelada"}
            </Badge>
          )}
          {t.sold && <Badge tone="violet">Vendida</Badge>}
          {!t.sold && t.sold_quantity > 0 && (
            <Badge tone="violet">{`Vendidos ${t.sold_quantity} de ${t.sellable_quantity}`}</Badge>
          )}
          {t.returned && <Badge tone="amber">Devuelta</Badge>}
          {isUrgent(t) ? <Badge tone="red">Urgente</Badge> : <Badge>Normal</Badge>}
          <Badge tone="sky">{purposeLabel(t.purpose)}</Badge>
        </>
      }
    >
      <p className="mt-2 font-semibold text-stone-900">{productName(t)}</p>
      <p className="text-sm text-stone-700">
        {t.sneaker_reference_code} · Talla {t.size} · Cantidad {t.received_quantity ?? t.quantity}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline text-stone-600">Solicitada: </dt>
          <dd className="inline">{formatDateTime(t.requested_at)}</dd>
        </div>
        <div>
          <dt className="inline text-stone-600">{completed ? "Completada: " : "Cancelada: "}</dt>
          <dd className="inline">{formatDateTime(completed ? t.completed_at : t.cancelled_at)}</dd>
        </div>
        {completed && (
          <div>
            <dt className="inline text-stone-600">Duración: </dt>
            <dd className="inline">{t.duration ?? "—"}</dd>
          </div>
        )}
      </dl>
      {!completed && t.cancellation_reason && (
        <p className={`mt-1 text-sm ${t.declined ? "font-medium text-red-800" : "text-stone-600"}`}>
          {t.declined ? `Rechazada por ${t.source_location_name}: ` : "Motivo: "}
          {t.cancellation_reason}
        </p>
      )}
      <DeliveryAttempts transfer={t} />
      <ActionButtons
        className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end"
        actions={[
          { label: "Generar Devolución", onClick: onReturn, className: secondaryButton, show: canReturn },
          { label: "Vender", onClick: onSell, className: accentButton, show: canSell },
        ]}
      />
    </TransferCard>
  );
}
