import { useSetAtom } from "jotai";
import { useState } from "react";
import { formatCOP, formatDateTime } from "../../../lib/format";
import type { OutboxItem } from "../../../lib/outbox/db";
import { Badge } from "../../../lib/ui/Badge";
import { cardClass, dangerSmallButton, primaryButton, secondaryButton, smallButton } from "../../../lib/ui/classes";
import { ReasonField } from "../../../lib/ui/ReasonField";
import { correctedSaleAtom } from "../state";
import { parsePrefill, type ScannerPrefill } from "../transfers/search";
import type { Go } from "../views";
import { discardItem, itemAmount, itemTitle, retryItem } from "./actions";
import { QueuedSaleDetails } from "./QueuedSaleDetails";

type QueuedSale = Extract<OutboxItem, { kind: "sale" }>;

const DISCARD_REASONS = ["El cliente desistió", "Registrada de nuevo", "Error al registrarla"] as const;

type Props = {
  items: readonly OutboxItem[];
  online: boolean;
  sending: boolean;
  onSend: () => void;
  go: Go;
  onTransferRequest: (prefill: ScannerPrefill) => void;
};

/** 'Pendientes de sincronizar': what is on the phone only, what the server refused and what was discarded. */
export function OutboxView({ items, online, sending, onSend, go, onTransferRequest }: Props) {
  const blocked = items.filter((i) => i.status === "blocked");
  const pending = items.filter((i) => i.status === "pending");
  const discarded = items.filter((i) => i.status === "discarded").reverse();
  const [showing, setShowing] = useState<QueuedSale | null>(null);

  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="outbox-blocked" className="space-y-3">
        <h2 id="outbox-blocked" className="text-lg font-bold text-stone-900">
          Por resolver ({blocked.length})
        </h2>
        {blocked.length === 0 ? (
          <p className="text-sm text-stone-700">Nada por resolver: el servidor aceptó todo lo que se envió.</p>
        ) : (
          blocked.map((item) => (
            <BlockedCard key={item.key} item={item} go={go} onShow={setShowing} onTransferRequest={onTransferRequest} />
          ))
        )}
      </section>
      <section aria-labelledby="outbox-pending" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="outbox-pending" className="text-lg font-bold text-stone-900">
            Pendientes de sincronizar ({pending.length})
          </h2>
          {pending.length > 0 && (
            <button type="button" className={smallButton} disabled={!online || sending} onClick={onSend}>
              {sending ? "Enviando..." : online ? "Enviar ahora" : "Sin conexión"}
            </button>
          )}
        </div>
        {pending.length === 0 ? (
          <p className="text-sm text-stone-700">Todo lo registrado en este teléfono ya llegó al servidor.</p>
        ) : (
          pending.map((item) => (
            <ItemCard key={item.key} item={item} onShow={setShowing}>
              <Badge tone="info">Pendiente de sincronizar</Badge>
            </ItemCard>
          ))
        )}
      </section>
      {discarded.length > 0 && (
        <section aria-labelledby="outbox-discarded" className="space-y-3">
          <h2 id="outbox-discarded" className="text-lg font-bold text-stone-900">
            Descartadas en este teléfono ({discarded.length})
          </h2>
          {discarded.map((item) => (
            <ItemCard key={item.key} item={item} onShow={setShowing}>
              <Badge tone="neutral">Descartada</Badge>
              <p className="w-full text-sm text-stone-700">
                Motivo: {item.discarded?.reason} · {formatDateTime(item.discarded?.at)}
              </p>
            </ItemCard>
          ))}
        </section>
      )}
      {showing && <QueuedSaleDetails item={showing} onClose={() => setShowing(null)} />}
    </div>
  );
}

function ItemCard({
  item,
  onShow,
  children,
}: {
  item: OutboxItem;
  onShow: (sale: QueuedSale) => void;
  children?: React.ReactNode;
}) {
  const amount = itemAmount(item);
  return (
    <article className={cardClass} aria-label={`${itemTitle(item)} del ${formatDateTime(item.createdAt)}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{itemTitle(item)}</p>
          <p className="text-sm text-stone-700">Hecha el {formatDateTime(item.createdAt)}</p>
          {item.kind === "sale" && (
            <p className="text-sm text-stone-700">
              {item.snapshot.draft.lines
                .map((l) => `${l.brand} ${l.model} · T${l.size} × ${l.quantity}`.trim())
                .join(" | ")}
            </p>
          )}
        </div>
        {amount !== null && <p className="text-lg font-bold text-stone-900">{formatCOP(amount)}</p>}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {children}
        {item.kind === "sale" && (
          <button type="button" className={smallButton} onClick={() => onShow(item)}>
            Ver comprobante
          </button>
        )}
      </div>
    </article>
  );
}

function BlockedCard({
  item,
  go,
  onShow,
  onTransferRequest,
}: {
  item: OutboxItem;
  go: Go;
  onShow: (sale: QueuedSale) => void;
  onTransferRequest: (prefill: ScannerPrefill) => void;
}) {
  const setCorrected = useSetAtom(correctedSaleAtom);
  const [discarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState("");
  const firstLine = item.kind === "sale" ? item.snapshot.draft.lines[0] : undefined;

  return (
    <ItemCard item={item} onShow={onShow}>
      <Badge tone="warning">Por resolver</Badge>
      <p className="w-full text-sm font-medium text-amber-900" data-testid="outbox-problem">
        El servidor no la aceptó: {item.problem?.detail}
      </p>
      <div className="flex w-full flex-wrap gap-2">
        {item.kind === "sale" && (
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              setCorrected({
                key: item.key,
                draft: item.snapshot.draft,
                receipt: item.payload.receipt,
                customer: item.snapshot.customer,
              });
              go("new-sale");
            }}
          >
            Vender otra talla
          </button>
        )}
        {firstLine && (
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              const prefill = parsePrefill({
                sneaker_reference_code: firstLine.reference_code,
                brand: firstLine.brand,
                model: firstLine.model,
                color: firstLine.color || null,
                size: firstLine.size,
              });
              if (prefill) onTransferRequest(prefill);
            }}
          >
            Solicitar transferencia
          </button>
        )}
        <button type="button" className={smallButton} onClick={() => void retryItem(item.key)}>
          Reintentar
        </button>
        <button type="button" className={dangerSmallButton} onClick={() => setDiscarding(true)}>
          Descartar
        </button>
      </div>
      {discarding && (
        <div className="w-full space-y-2 rounded-lg border border-stone-200 p-3">
          <ReasonField
            label="Motivo para descartarla *"
            value={reason}
            onChange={setReason}
            suggestions={DISCARD_REASONS}
          />
          <div className="flex gap-2">
            <button type="button" className={secondaryButton} onClick={() => setDiscarding(false)}>
              Cancelar
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={!reason.trim()}
              onClick={() => void discardItem(item.key, reason.trim())}
            >
              Descartar
            </button>
          </div>
        </div>
      )}
    </ItemCard>
  );
}
