import { type ReactNode, useState } from "react";
import type { Place, Transfer } from "../../api/transfers-schemas";
import { formatCOP, formatDateTime, productName } from "../../lib/format";
import { DeliveryAttempts } from "../../lib/logistics/DeliveryAttempts";
import { Fact } from "../../lib/logistics/Fact";
import { ProductSummary } from "../../lib/logistics/ProductPhoto";
import { ProgressBar } from "../../lib/logistics/ProgressBar";
import { DetailsToggle, TransferCard, UrgencyBadges } from "../../lib/logistics/TransferCard";
import { Badge } from "../../lib/ui/Badge";

type Props = { transport: Transfer; children: ReactNode };

function placeText(place: Place | null, fallback: string): string {
  return place?.address ? `${place.name} · ${place.address}` : (place?.name ?? fallback);
}

/** A transport as the courier sees it; on phones the details fold away behind 'Ver detalles'. */
export function TransportCard({ transport: t, children }: Props) {
  const [open, setOpen] = useState(false);
  const isReturn = t.request_type === "return";
  const contact = (place: Place | null) =>
    [place?.contact, place?.phone].filter(Boolean).join(" · ") || "Sin contacto registrado";
  return (
    <TransferCard
      id={t.id}
      noun="Transporte"
      testId="transport-card"
      badges={
        <>
          <UrgencyBadges transfer={t} urgentLabel="Urgente" />
          {isReturn && <Badge tone="violet">Devolución</Badge>}
        </>
      }
    >
      <ProductSummary item={t} photoClass="size-16">
        <p className="text-xs text-stone-500">{t.status_info.title}</p>
      </ProductSummary>
      <dl className="mt-3 space-y-2">
        <Fact label="Recoger en">{placeText(t.source_location, t.source_location_name)}</Fact>
        <Fact label="Entregar en">{placeText(t.destination_location, t.destination_location_name)}</Fact>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span>
          Distancia: <span className="font-semibold">{t.distance_km.toLocaleString("es-CO")} km</span>
        </span>
        <span>
          Ganancia estimada: <span className="font-semibold text-green-800">{formatCOP(t.estimated_earning)}</span>
        </span>
      </p>
      <DeliveryAttempts transfer={t} />
      <DetailsToggle
        open={open}
        onToggle={() => setOpen((o) => !o)}
        className="mt-2 text-sm font-semibold text-orange-700 sm:hidden"
      />
      <div
        className={`${open ? "block" : "hidden"} mt-2 space-y-2 rounded-lg bg-stone-50 p-3 sm:block`}
        data-testid="transport-details"
      >
        <ProgressBar progress={t.status_info.progress} />
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Fact label="Carga">{t.cargo_description || productName(t)}</Fact>
          <Fact label="Referencia">{t.sneaker_reference_code}</Fact>
          <Fact label="Contacto de recogida">{contact(t.source_location)}</Fact>
          <Fact label="Contacto de entrega">{contact(t.destination_location)}</Fact>
          <Fact label="Solicitado">{`${formatDateTime(t.requested_at)} (hace ${t.time_elapsed})`}</Fact>
          {t.estimated_pickup_time !== null && (
            <Fact label="Tiempo estimado de recogida">{t.estimated_pickup_time} min</Fact>
          )}
          {t.courier_accepted_at && <Fact label="Aceptado">{formatDateTime(t.courier_accepted_at)}</Fact>}
          {t.picked_up_at && <Fact label="Recogido">{formatDateTime(t.picked_up_at)}</Fact>}
          <Fact label="Notas">{t.notes ?? "Sin notas"}</Fact>
          <Fact label="Siguiente paso">{t.status_info.next_step}</Fact>
        </dl>
      </div>
      <div className="mt-3">{children}</div>
    </TransferCard>
  );
}
