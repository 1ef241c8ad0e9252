import type { Transfer } from "../../api/transfers-schemas";
import { formatDateTime } from "../../lib/format";
import { PartyFacts } from "../../lib/logistics/Fact";
import { ProductSummary } from "../../lib/logistics/ProductPhoto";
import { TransferCard } from "../../lib/logistics/TransferCard";
import { Badge } from "../../lib/ui/Badge";
import { mutedText, successButton } from "../../lib/ui/classes";

type Props = { transfer: Transfer; running: boolean; onConfirm: () => void };

type Step = { label: string; at: string | null | undefined };

/** A return coming to this warehouse: facts, the timeline and 'Confirmar Recepción' once delivered. */
export function ReturnCard({ transfer: t, running, onConfirm }: Props) {
  const steps: Step[] = [
    { label: "Solicitada", at: t.requested_at },
    { label: "Aceptada", at: t.accepted_at },
    ...(t.pickup_type === "corredor"
      ? [
          { label: "Corredor asignado", at: t.courier_accepted_at },
          { label: "Recogida", at: t.picked_up_at },
        ]
      : []),
    { label: "Entregada en bodega", at: t.delivered_at },
  ];
  return (
    <TransferCard id={t.id} noun="Devolución" testId="return-card">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="violet">Devolución #{t.id}</Badge>
        <Badge tone={t.pickup_type === "corredor" ? "sky" : "orange"}>
          {t.pickup_type === "corredor" ? "Con corredor" : "Con vendedor"}
        </Badge>
        <Badge tone={t.status === "delivered" ? "green" : "amber"}>{t.status_info.title}</Badge>
      </div>
      <p className="mt-1 text-xs text-stone-500">{formatDateTime(t.requested_at)}</p>
      <ProductSummary item={t} photoClass="size-16">
        <p className="text-xs text-stone-600">
          {t.sneaker_reference_code} · {t.inventory_type_label || "Par completo"}
        </p>
      </ProductSummary>
      <PartyFacts
        transfer={t}
        className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2"
        origin="Origen (vendedor)"
        destination="Destino (bodega)"
      />
      <ol className="mt-3 space-y-1 border-l-2 border-stone-200 pl-3" aria-label="Línea de tiempo">
        {steps.map((step) => (
          <li key={step.label} className="text-sm">
            <span className={step.at ? "font-semibold text-stone-900" : mutedText}>
              {step.at ? "●" : "○"} {step.label}
            </span>
            {step.at && <span className="text-stone-600"> · {formatDateTime(step.at)}</span>}
          </li>
        ))}
      </ol>
      {t.time_since_accepted && (
        <p className="mt-2 text-sm text-stone-700">Tiempo desde aceptación: {t.time_since_accepted}</p>
      )}
      {t.status === "delivered" && (
        <button type="button" disabled={running} onClick={onConfirm} className={`${successButton} mt-3 w-full`}>
          Confirmar Recepción
        </button>
      )}
    </TransferCard>
  );
}
