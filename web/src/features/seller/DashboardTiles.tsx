import type { ReactNode } from "react";
import { fetchWebReservations, WebReservationsSchema } from "../../api/reservations";
import type { VendorDashboard } from "../../api/seller-schemas";
import type { TillState } from "../../api/till";
import { fetchRestockOrders } from "../../api/transfer-orders";
import { countLabel, formatCOP, formatDateTime, formatPercent } from "../../lib/format";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { ChevronIcon } from "./icons";
import { NO_QUEUED_EXPENSES, type QueuedExpenses } from "./outbox/actions";
import type { Go } from "./views";

type TileProps = { label: string; value: ReactNode; detail: ReactNode; onClick?: () => void; highlight?: boolean };

function Tile({ label, value, detail, onClick, highlight = false }: TileProps) {
  const body = (
    <>
      <span className="block pr-5 text-sm leading-tight font-medium text-stone-600">{label}</span>
      <span
        className={`mt-1 block text-xl font-bold tabular-nums sm:text-2xl ${highlight ? "text-orange-700" : "text-stone-900"}`}
      >
        {value}
      </span>
      <span className="mt-0.5 block text-xs text-stone-600 sm:text-sm">{detail}</span>
    </>
  );
  const base =
    "relative flex h-full w-full flex-col items-start rounded-xl border border-stone-200 bg-white p-3 text-left shadow-sm sm:p-4";
  if (!onClick) return <div className={base}>{body}</div>;
  return (
    <button type="button" onClick={onClick} className={`${base} hover:border-orange-300 hover:bg-orange-50/40`}>
      {body}
      <ChevronIcon className="absolute top-3 right-2 size-5 text-stone-400" />
    </button>
  );
}

/**
 * "Reservas web": how many reservations from the online store wait at this store (pending ones to
 * confirm by phone); opens the list. Says nothing until the count arrives.
 */
export function WebReservationsTile({ go }: { go: Go }) {
  const live = useRemoteData({
    area: "seller",
    name: "web-reservations:open:all",
    schema: WebReservationsSchema,
    load: (signal) => fetchWebReservations({ status: "open" }, signal),
    retryEveryMs: 60_000,
  });
  const data = live.data;
  if (!data) return null;
  return (
    <section aria-label="Reservas web" className="grid grid-cols-1">
      <Tile
        label="Reservas web"
        value={data.pending > 0 ? countLabel(data.pending, "por confirmar", "por confirmar") : "Al día"}
        detail={
          data.total > 0
            ? `${countLabel(data.total, "reserva abierta", "reservas abiertas")} de la tienda en línea`
            : "Sin reservas de la tienda en línea"
        }
        highlight={data.pending > 0}
        onClick={() => go("reservations")}
      />
    </section>
  );
}

/**
 * "Pedidos de reposición": the restock orders open at this store (to send, or on their way to it); opens
 * the list, where a new one is made. Says nothing until the count arrives.
 */
export function RestockOrdersTile({ go }: { go: Go }) {
  const live = useRemoteData({
    area: "transfers",
    name: "restock-orders-open",
    load: (signal) => fetchRestockOrders("open", signal),
    retryEveryMs: 60_000,
  });
  const data = live.data;
  if (!data) return null;
  const arriving = data.orders.filter((o) => o.status === "delivered").length;
  return (
    <section aria-label="Pedidos de reposición" className="grid grid-cols-1">
      <Tile
        label="Pedidos de reposición"
        value={data.total > 0 ? countLabel(data.total, "abierto", "abiertos") : "Ninguno abierto"}
        detail={
          arriving > 0
            ? `${countLabel(arriving, "por recibir", "por recibir")} en tu local`
            : data.total > 0
              ? "Toca para verlos"
              : "Pide varias tallas a la bodega en un solo pedido"
        }
        highlight={arriving > 0}
        onClick={() => go("orders")}
      />
    </section>
  );
}

/** The Caja tile: whether the store's till is open (since when) or closed, before anything is sold. */
function TillTile({ till, go }: { till: TillState | null; go: Go }) {
  if (!till)
    return <Tile label="Caja" value="Abrir o cerrar" detail="Base, movimientos y cierre" onClick={() => go("till")} />;
  const { session, open_required } = till;
  return (
    <Tile
      label="Caja"
      value={session ? "Abierta" : "Cerrada"}
      detail={
        session
          ? `Desde ${formatDateTime(session.opened_at)}`
          : open_required
            ? "Ábrela antes de vender"
            : "Toca para abrirla con la base"
      }
      highlight={!session && open_required}
      onClick={() => go("till")}
    />
  );
}

/**
 * Pending work of the seller (spec 1 §2 tiles), every figure from the dashboard call; the Caja tile
 * says whether the store's till is open (`till`: its last answer, null while unknown).
 */
export function DashboardTiles({
  data,
  go,
  till = null,
  queuedExpenses = NO_QUEUED_EXPENSES,
}: {
  data: VendorDashboard;
  go: Go;
  till?: TillState | null;
  /** expenses kept on the phone: the pending ones are added to "Gastos del día" and said apart */
  queuedExpenses?: QueuedExpenses;
}) {
  const actions = data.pending_actions;
  const transfers = actions.transfer_requests;
  const discounts = actions.discount_requests;
  const expenses = data.today_summary.expenses;
  return (
    <section aria-label="Pendientes" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Tile
        label="Ventas por confirmar"
        value={actions.sale_confirmations}
        detail={actions.sale_confirmations > 0 ? "Toca para confirmarlas" : "Nada pendiente"}
        highlight={actions.sale_confirmations > 0}
        onClick={() => go("today-sales", { filter: "pending" })}
      />
      <Tile
        label="Transferencias pendientes"
        value={transfers.pending}
        detail={transfers.urgent > 0 ? countLabel(transfers.urgent, "urgente", "urgentes") : "Ver transferencias"}
        highlight={transfers.urgent > 0}
        onClick={() => go("transfers")}
      />
      <Tile
        label="Transferencias completadas hoy"
        value={transfers.completed_today}
        detail={
          transfers.success_rate === null
            ? "Sin cierres hoy"
            : `Tasa de éxito: ${formatPercent(transfers.success_rate)}`
        }
      />
      <Tile
        label="Descuentos pendientes"
        value={discounts.pending}
        detail={`${countLabel(discounts.approved, "aprobado", "aprobados")} · ${countLabel(discounts.rejected, "rechazado", "rechazados")}`}
      />
      <Tile
        label="Devoluciones notificadas"
        value={actions.return_notifications}
        detail={actions.return_notifications > 0 ? "Sin leer" : "Ver notificaciones"}
        highlight={actions.return_notifications > 0}
        onClick={() => go("notifications")}
      />
      <Tile
        label="Gastos del día"
        value={formatCOP(expenses.total_amount + queuedExpenses.pendingTotal)}
        detail={
          queuedExpenses.pending.length > 0
            ? `${countLabel(expenses.count + queuedExpenses.pending.length, "gasto", "gastos")} · ${countLabel(queuedExpenses.pending.length, "pendiente", "pendientes")} de enviar`
            : countLabel(expenses.count, "gasto", "gastos")
        }
        onClick={() => go("expenses-list")}
      />
      <TillTile till={till} go={go} />
      <Tile
        label="Devoluciones y cambios"
        value="Registrar"
        detail="Un cliente trae lo que compró"
        onClick={() => go("returns")}
      />
    </section>
  );
}
