import { useState } from "react";
import { HOLD_HOURS, WEB_RESERVATION_STATUS_LABELS } from "../../../../shared/reservations";
import {
  fetchWebReservations,
  type ReservationFilter,
  type WebReservation,
  WebReservationsSchema,
} from "../../api/reservations";
import { countLabel, formatCOP, formatDateTime, productName } from "../../lib/format";
import { useMoreRows } from "../../lib/paging";
import { failureText, useRemoteData } from "../../lib/query/useRemoteData";
import { ActionButtons } from "../../lib/ui/ActionButtons";
import { Badge, type BadgeTone } from "../../lib/ui/Badge";
import { ChoiceChips } from "../../lib/ui/ChoiceChips";
import { ConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { accentButton, dangerButton, secondaryButton } from "../../lib/ui/classes";
import { DataState } from "../../lib/ui/DataState";
import { EmptyState } from "../../lib/ui/EmptyState";
import { type Flash, FlashNotice } from "../../lib/ui/Flash";
import { AttentionItem } from "../../lib/ui/ItemList";
import { ListCount, MoreButton } from "../../lib/ui/ListCount";
import { ReasonField } from "../../lib/ui/ReasonField";
import { useReservationAction } from "./reservationMutations";

const TONE: Record<WebReservation["status"], BadgeTone> = {
  pending: "warning",
  confirmed: "info",
  completed: "success",
  cancelled: "neutral",
  expired: "neutral",
};
const CANCEL_REASONS = ["El cliente no contestó", "El cliente ya no lo quiere", "No tenemos el par en buen estado"];
const FILTERS = [
  { value: "open" as const, label: "Por atender" },
  { value: "all" as const, label: "Todas" },
];

type Props = {
  /** whose last answer the browser keeps (and whose reads a change makes stale): the seller's or the administrador's */
  area: "seller" | "admin";
  /** the administrador's store filter (null: every store); a seller's list is their store's */
  locationId?: number | null;
  /** whether the caller can act (the boss only reads) */
  canAct?: boolean;
};

/**
 * "Reservas web": what shoppers reserved in the online store at this store (or, for the administrador,
 * at the store chosen), newest first; pending ones are confirmed after calling the customer, completed
 * when the customer came (the pairs are freed to be sold as any sale) or cancelled with a reason.
 */
export function WebReservationsPanel({ area, locationId = null, canAct = true }: Props) {
  const [filter, setFilter] = useState<ReservationFilter>("open");
  const live = useRemoteData({
    area,
    name: `web-reservations:${filter}:${locationId ?? "all"}`,
    schema: WebReservationsSchema,
    load: (signal) => fetchWebReservations({ status: filter, location_id: locationId }, signal),
    retryEveryMs: 60_000,
  });
  return (
    <div className="space-y-3">
      <ChoiceChips legend="Mostrar" hideLegend value={filter} choices={FILTERS} onChange={setFilter} columns="fit" />
      <DataState live={live} loadingLabel="Cargando reservas web...">
        {(data) => (
          <ReservationList
            key={`${filter}:${locationId ?? "all"}`}
            first={data.reservations}
            total={data.total}
            pending={data.pending}
            filter={filter}
            locationId={locationId}
            canAct={canAct}
            area={area}
          />
        )}
      </DataState>
    </div>
  );
}

type ListProps = {
  first: readonly WebReservation[];
  total: number;
  pending: number;
  filter: ReservationFilter;
  locationId: number | null;
  canAct: boolean;
  area: Props["area"];
};

function ReservationList({ first, total, pending, filter, locationId, canAct, area }: ListProps) {
  const more = useMoreRows(
    first,
    `web-reservations:${filter}:${locationId ?? "all"}`,
    async (offset, signal) =>
      (await fetchWebReservations({ status: filter, location_id: locationId }, signal, offset)).reservations,
    (r) => r.id,
  );
  // what this screen changed, until the list read again after the write says the same
  const [changed, setChanged] = useState<Record<number, WebReservation>>({});
  const action = useReservationAction(area);
  const [busy, setBusy] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [cancelling, setCancelling] = useState<WebReservation | null>(null);
  const [reason, setReason] = useState("");
  const [cancelError, setCancelError] = useState<string | null>(null);
  const rows = more.rows.map((r) => changed[r.id] ?? r);

  async function run(r: WebReservation, kind: "confirm" | "complete" | "cancel", why = "") {
    setBusy(r.id);
    setFlash(null);
    try {
      const answer = await action.mutateAsync(
        kind === "cancel" ? { id: r.id, action: kind, reason: why } : { id: r.id, action: kind },
      );
      setChanged((current) => ({ ...current, [r.id]: answer.reservation }));
      setFlash({ tone: "success", text: `${answer.message} (${r.code})` });
      setCancelling(null);
    } catch (error) {
      const text = failureText("No se pudo actualizar la reserva", error);
      if (kind === "cancel") setCancelError(text);
      else setFlash({ tone: "error", text });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <FlashNotice flash={flash} onClose={() => setFlash(null)} />
      <p className="text-sm text-stone-700">
        {pending === 0
          ? "Ninguna reserva por confirmar."
          : `${countLabel(pending, "reserva", "reservas")} por confirmar.`}{" "}
        Los pares quedan apartados {HOLD_HOURS} horas desde la reserva.
      </p>
      {rows.length === 0 ? (
        <EmptyState text={filter === "open" ? "No hay reservas web por atender" : "Aún no hay reservas web"} />
      ) : (
        <>
          <ListCount shown={rows.length} total={Math.max(total, rows.length)} one="reserva" many="reservas" />
          <ul className="space-y-3">
            {rows.map((r) => (
              <ReservationItem
                key={r.id}
                r={r}
                busy={busy}
                canAct={canAct}
                onConfirm={() => void run(r, "confirm")}
                onComplete={() => void run(r, "complete")}
                onCancel={() => {
                  setCancelling(r);
                  setReason("");
                  setCancelError(null);
                }}
              />
            ))}
          </ul>
          <MoreButton shown={rows.length} total={total} onMore={more.loadMore} busy={more.busy} error={more.error} />
        </>
      )}
      {cancelling && (
        <ConfirmDialog
          title={`Cancelar la reserva ${cancelling.code}`}
          confirmLabel="Cancelar reserva"
          cancelLabel="Volver"
          busy={busy === cancelling.id}
          error={cancelError}
          onConfirm={() => {
            if (!reason.trim()) {
              setCancelError("Escribe por qué se cancela la reserva.");
              return;
            }
            void run(cancelling, "cancel", reason.trim());
          }}
          onCancel={() => setCancelling(null)}
        >
          <p>Los pares vuelven a la venta. El cliente no recibe aviso automático: llámalo si no lo sabe.</p>
          <ReasonField label="Motivo" value={reason} onChange={setReason} suggestions={CANCEL_REASONS} />
        </ConfirmDialog>
      )}
    </div>
  );
}

type ItemProps = {
  r: WebReservation;
  busy: number | null;
  canAct: boolean;
  onConfirm: () => void;
  onComplete: () => void;
  onCancel: () => void;
};

function ReservationItem({ r, busy, canAct, onConfirm, onComplete, onCancel }: ItemProps) {
  const open = r.status === "pending" || r.status === "confirmed";
  return (
    <AttentionItem
      edge={r.status === "pending" ? "amber" : "stone"}
      testId="web-reservation"
      head={
        <>
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              {r.code} · {r.customer_name}
            </p>
            <p className="text-xs text-stone-600">
              {r.location_name} · {formatDateTime(r.created_at)}
            </p>
          </div>
          <Badge tone={TONE[r.status]}>{WEB_RESERVATION_STATUS_LABELS[r.status]}</Badge>
        </>
      }
    >
      <p className="mt-1 text-sm">
        <a href={`tel:${r.customer_phone}`} className="font-semibold text-orange-800 underline">
          {r.customer_phone}
        </a>
        {r.customer_email && <span className="break-all text-stone-600"> · {r.customer_email}</span>}
      </p>
      <ul className="mt-2 space-y-0.5 text-sm text-stone-800">
        {r.lines.map((line) => (
          <li key={`${line.product_id}|${line.size}`} className="flex justify-between gap-3">
            <span className="min-w-0">
              {productName(line)}
              {line.color ? ` ${line.color}` : ""} · talla {line.size} × {line.quantity}
            </span>
            <span className="shrink-0 tabular-nums">{formatCOP(line.unit_price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm font-semibold text-stone-900">Total {formatCOP(r.total_amount)}</p>
      <p className="mt-1 text-xs text-stone-600">{statusLine(r)}</p>
      {canAct && open && (
        <ActionButtons
          className="mt-3 grid grid-cols-1 gap-2 min-[380px]:grid-cols-3 sm:flex sm:justify-end"
          actions={[
            {
              label: "Cancelar",
              onClick: onCancel,
              className: dangerButton,
              show: true,
              disabled: busy !== null,
              ariaLabel: `Cancelar la reserva ${r.code}`,
            },
            {
              label: "Confirmar",
              onClick: onConfirm,
              className: secondaryButton,
              show: r.status === "pending",
              disabled: busy !== null,
              ariaLabel: `Confirmar la reserva ${r.code} (ya llamaste al cliente)`,
            },
            {
              label: busy === r.id ? "Procesando..." : "Completar",
              onClick: onComplete,
              className: accentButton,
              show: true,
              disabled: busy !== null,
              ariaLabel: `Completar la reserva ${r.code} (el cliente vino)`,
            },
          ]}
        />
      )}
    </AttentionItem>
  );
}

function statusLine(r: WebReservation): string {
  switch (r.status) {
    case "pending":
      return `Llama al cliente para confirmar · apartada hasta el ${formatDateTime(r.held_until)}`;
    case "confirmed":
      return `Confirmada por ${r.confirmed_by ?? "la tienda"} el ${formatDateTime(r.confirmed_at)} · apartada hasta el ${formatDateTime(r.held_until)}`;
    case "completed":
      return `Completada por ${r.completed_by ?? "la tienda"} el ${formatDateTime(r.completed_at)}: registra la venta como cualquier otra`;
    case "cancelled":
      return `Cancelada por ${r.cancelled_by ?? "la tienda"} el ${formatDateTime(r.cancelled_at)}: ${r.cancellation_reason ?? ""}`;
    case "expired":
      return `Venció el ${formatDateTime(r.expired_at ?? r.held_until)} sin que el cliente viniera: los pares volvieron a la venta`;
  }
}
