import { useState } from "react";
import type { Transfer } from "../../api/transfers-schemas";
import { formatCOP } from "../../lib/format";
import { ReservationExpired } from "../../lib/logistics/DeliveryAttempts";
import { Fact, PartyFacts } from "../../lib/logistics/Fact";
import { ProductSummary } from "../../lib/logistics/ProductPhoto";
import { DetailsToggle, TransferCard, UrgencyBadges } from "../../lib/logistics/TransferCard";
import { Badge } from "../../lib/ui/Badge";
import { accentButton, secondaryButton } from "../../lib/ui/classes";
import { availableStock } from "./filters";

type Props = { transfer: Transfer; running: boolean; onAccept: () => void; onDecline: () => void };

/** One request waiting for the keeper: badges, product, people and places, stock, details, 'Aceptar' and 'Rechazar'. */
export function PendingRequestCard({ transfer: t, running, onAccept, onDecline }: Props) {
  const [open, setOpen] = useState(false);
  const stock = availableStock(t);
  const price = t.product_info.unit_price;
  const isReturn = t.request_type === "return";
  return (
    <TransferCard
      id={t.id}
      noun="Solicitud"
      testId="pending-card"
      badges={
        <>
          <UrgencyBadges transfer={t} urgentLabel="URGENTE" />
          <Badge tone={isReturn ? "violet" : "stone"}>{isReturn ? "Devolución" : "Transferencia"}</Badge>
        </>
      }
    >
      <ProductSummary
        item={t}
        photoClass="size-20"
        extra={t.inventory_type !== "pair" && ` · ${t.inventory_type_label}`}
      >
        <p className="text-xs text-stone-500">Hace {t.time_elapsed}</p>
      </ProductSummary>
      <PartyFacts
        transfer={t}
        className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2"
        second={{ label: "Recogida", value: t.pickup_type === "corredor" ? "Corredor" : "Vendedor" }}
      />
      <p
        className={`mt-3 rounded-lg px-3 py-2 text-sm font-medium ${stock > 0 ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
        data-testid="stock-line"
      >
        Stock disponible: {stock}
        {price !== null && ` · ${formatCOP(price)} c/u`}
      </p>
      {t.urgent_action && <p className="mt-2 text-sm font-semibold text-red-700">{t.urgent_action}</p>}
      <ReservationExpired transfer={t} />
      <DetailsToggle
        open={open}
        onToggle={() => setOpen((o) => !o)}
        className="mt-2 text-sm font-semibold text-orange-700"
      />
      {open && (
        <dl className="mt-2 grid grid-cols-1 gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-2">
          <Fact label="Código de referencia">{t.sneaker_reference_code}</Fact>
          <Fact label="Color">{t.product_color ?? "—"}</Fact>
          <Fact label="Notas">{t.notes ?? "Sin notas"}</Fact>
          {t.preparation_instruction && <Fact label="Preparación">{t.preparation_instruction}</Fact>}
        </dl>
      )}
      <div className="mt-3 grid grid-cols-[1fr_auto] gap-2">
        <button type="button" onClick={onAccept} disabled={stock <= 0 || running} className={accentButton}>
          {running ? "Aceptando..." : stock <= 0 ? "Sin stock disponible" : "Aceptar Solicitud"}
        </button>
        <button type="button" onClick={onDecline} disabled={running} className={secondaryButton}>
          Rechazar
        </button>
      </div>
    </TransferCard>
  );
}
