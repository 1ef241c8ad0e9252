import { useCallback, useEffect, useRef, useState } from "react";
import type { DeliveryFailureReason } from "../../../../shared/constants";
import {
  type CourierFilter,
  courierAccept,
  courierConfirmDelivery,
  courierConfirmOriginReturn,
  courierConfirmPickup,
  courierReportFailed,
  courierReturnToOrigin,
  fetchAvailableRequests,
  fetchCourierBoard,
} from "../../api/transfers";
import {
  AvailableRequestsSchema,
  CourierBoardSchema,
  type Transfer,
  type TransferEvent,
} from "../../api/transfers-schemas";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { applyEvent } from "../../lib/logistics/applyEvent";
import { errorText } from "../../lib/logistics/errors";
import { PanelToolbar } from "../../lib/logistics/PanelToolbar";
import { Toasts } from "../../lib/logistics/Toasts";
import { useLoadNotices } from "../../lib/logistics/useLoadNotices";
import { useNotifications } from "../../lib/logistics/useNotifications";
import { useTransferLive } from "../../lib/logistics/useTransferLive";
import { useRemoteData } from "../../lib/query/useRemoteData";
import { StepConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { accentButton, secondaryButton, successButton } from "../../lib/ui/classes";
import { EmptyState } from "../../lib/ui/EmptyState";
import { CONNECTION_BANNER, LastDataBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { TabBar } from "../../lib/ui/TabBar";
import { CourierStatsTab } from "./CourierStatsTab";
import { FailedDeliveryDialog } from "./FailedDeliveryDialog";
import { HistoryTab } from "./HistoryTab";
import { TransportCard } from "./TransportCard";
import type { RunnerTab } from "./tabs";
import {
  BACK_AT_ORIGIN_LABEL,
  courierEtaMinutes,
  FAILED_LABEL,
  TAKE_BACK_LABEL,
  transportAction,
  WAITING_NEXT,
} from "./transportAction";

export const COURIER_POLL_MS = 20_000;

const FILTERS: { id: CourierFilter; label: string }[] = [
  { id: "all", label: "Todos" },
  { id: "cliente", label: "Solo urgentes" },
  { id: "restock", label: "Solo normales" },
];

type Props = { tab: RunnerTab; onTab: (tab: RunnerTab) => void };

/** 'Panel de Corredor' (spec 3 §2.4): available transports, my deliveries, history and statistics. */
export function CourierPanel({ tab, onTab }: Props) {
  const notes = useNotifications();
  const { notify } = notes;
  const onSettled = useLoadNotices(notify, "No se pudieron actualizar los datos");
  const [filter, setFilter] = useState<CourierFilter>("all");
  const available = useRemoteData({
    area: "transfers",
    name: `courier.available.${filter}`,
    schema: AvailableRequestsSchema,
    load: (signal) => fetchAvailableRequests(filter, signal),
    onSettled,
  });
  const board = useRemoteData({
    area: "transfers",
    name: "courier.board",
    schema: CourierBoardSchema,
    load: fetchCourierBoard,
    onSettled,
  });
  const [running, setRunning] = useState<number | null>(null);
  /** The open dialog: a failed attempt to report, or a trip back to the origin to start or to end. */
  const [dialog, setDialog] = useState<{ kind: "failed" | "take_back" | "at_origin"; transfer: Transfer } | null>(null);
  const [dialogBusy, setDialogBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const failureKeys = useIdempotencyKeys();

  const reloadAll = useCallback(
    (reason: "poll" | "event" | "manual" | "retry") => {
      available.reload(reason);
      board.reload(reason);
    },
    [available.reload, board.reload],
  );
  const eventTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(eventTimer.current), []);
  const onEvents = useCallback(
    (events: TransferEvent[]) => {
      available.mutate((d) => ({
        ...d,
        available_requests: events.reduce((list, e) => applyEvent(list, e), d.available_requests),
      }));
      board.mutate((d) => ({
        ...d,
        transports: {
          ...d.transports,
          my_transports: events.reduce((list, e) => applyEvent(list, e), d.transports.my_transports),
        },
      }));
      clearTimeout(eventTimer.current);
      eventTimer.current = setTimeout(() => reloadAll("event"), 250);
    },
    [available.mutate, board.mutate, reloadAll],
  );
  const { mode } = useTransferLive({ onEvents, onPoll: () => reloadAll("poll"), pollMs: COURIER_POLL_MS });

  // Toasts announce transports that became available since the last answer (live or polled).
  // Remembered per filter: switching filters must not announce the whole other list.
  const known = useRef<{ filter: CourierFilter; ids: Set<number> } | null>(null);
  const list = available.data?.available_requests;
  useEffect(() => {
    if (!list) return;
    const previous = known.current?.filter === filter ? known.current.ids : null;
    if (previous) {
      for (const t of list) {
        if (!previous.has(t.id) && t.status === "accepted") {
          notify(
            "info",
            "Transporte disponible",
            `#${t.id}: ${t.brand} ${t.model} hacia ${t.destination_location_name}`,
          );
        }
      }
    }
    known.current = { filter, ids: new Set(list.map((t) => t.id)) };
  }, [list, filter, notify]);

  async function act(t: Transfer, action: () => Promise<unknown>, ok: [string, string], failTitle: string) {
    setRunning(t.id);
    try {
      await action();
      notify("success", ok[0], ok[1]);
      reloadAll("event");
    } catch (error) {
      notify("error", failTitle, errorText(error));
    } finally {
      setRunning(null);
    }
  }

  const isReturn = (t: Transfer) => t.request_type === "return";
  const accept = (t: Transfer) => {
    const eta = courierEtaMinutes(t.purpose);
    void act(
      t,
      () => courierAccept(t.id, isReturn(t), eta),
      ["Entrega Aceptada", `#${t.id}: recoge en ${t.source_location_name} en unos ${eta} min`],
      "Error al Aceptar",
    );
  };
  const pickup = (t: Transfer) =>
    void act(
      t,
      () => courierConfirmPickup(t.id, isReturn(t)),
      ["Recolección Confirmada", `#${t.id}: lleva el producto a ${t.destination_location_name}`],
      "Error en Recolección",
    );
  const deliver = (t: Transfer) =>
    void act(
      t,
      () => courierConfirmDelivery(t.id, isReturn(t)),
      ["Entrega Completada", `#${t.id} entregado en ${t.destination_location_name}`],
      "Error en Entrega",
    );

  const openDialog = (kind: "failed" | "take_back" | "at_origin", t: Transfer) => {
    setDialogError(null);
    setDialog({ kind, transfer: t });
  };
  /** Runs the open dialog's call; on success closes it with a toast, on failure keeps it open with the reason. */
  async function runDialog(call: () => Promise<unknown>, ok: [string, string]) {
    setDialogBusy(true);
    setDialogError(null);
    try {
      await call();
      setDialog(null);
      notify("success", ok[0], ok[1]);
      reloadAll("event");
    } catch (error) {
      setDialogError(errorText(error));
    } finally {
      setDialogBusy(false);
    }
  }
  const reportFailed = (t: Transfer, reason: DeliveryFailureReason, notes: string) => {
    const data = { id: t.id, reason, notes };
    void runDialog(
      () => failureKeys.send(data, (key) => courierReportFailed(t.id, reason, notes, key)),
      ["Intento registrado", `#${t.id}: el producto sigue contigo`],
    );
  };
  const takeBack = (t: Transfer) =>
    void runDialog(
      () => courierReturnToOrigin(t.id),
      ["De vuelta al origen", `#${t.id}: lleva el producto a ${t.source_location_name}`],
    );
  const backAtOrigin = (t: Transfer) =>
    void runDialog(
      () => courierConfirmOriginReturn(t.id),
      ["Devuelto en el origen", `#${t.id} volvió al inventario de ${t.source_location_name}`],
    );

  const availableList = (list ?? []).filter((t) => t.status === "accepted");
  // The assigned list excludes delivered ones (spec 3 §4).
  const mine = (board.data?.transports.my_transports ?? []).filter((t) => t.status !== "delivered");
  const failed = available.status === "error" ? available : board.status === "error" ? board : null;
  const receivedAt = board.receivedAt ?? available.receivedAt;
  const busy = available.busy || board.busy;
  const tabs = [
    { id: "available", label: "Disponibles", count: availableList.length },
    { id: "mine", label: "Mis Entregas", count: mine.length },
    { id: "history", label: "Historial" },
    { id: "stats", label: "Estadísticas" },
  ] as const;

  return (
    <div className="space-y-4">
      <PanelToolbar
        mode={mode}
        pollSeconds={COURIER_POLL_MS / 1000}
        receivedAt={receivedAt}
        refreshing={[available, board].some((r) => r.busy && (r.busyReason === "manual" || r.busyReason === "retry"))}
        onRefresh={() => reloadAll("manual")}
        notifications={notes.items}
        onDismiss={notes.dismiss}
        onDismissAll={notes.dismissAll}
      />
      {failed && (
        <LastDataBanner
          title={CONNECTION_BANNER}
          detail={failed.error}
          receivedAt={failed.receivedAt}
          busy={busy}
          onRetry={() => reloadAll("retry")}
        />
      )}
      <TabBar tabs={tabs} current={tab} onChange={onTab} label="Secciones del corredor" />
      {tab === "available" && (
        <section aria-label="Disponibles" className="space-y-3">
          {/* chips as wide as their words, wrapping on a narrow phone (a fixed grid overflowed at 360 px) */}
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Filtrar transportes</legend>
            {FILTERS.map((f) => (
              <button
                key={f.id}
                type="button"
                aria-pressed={filter === f.id}
                onClick={() => setFilter(f.id)}
                className={`rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                  filter === f.id ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-800"
                }`}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          {available.data === null && available.status === "loading" ? (
            <Spinner label="Cargando transportes disponibles..." />
          ) : available.data === null ? null : availableList.length === 0 ? (
            <EmptyState
              text="No hay transportes disponibles"
              detail="Te avisaremos cuando el origen de una solicitud la acepte."
            />
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {availableList.map((t) => (
                <TransportCard key={t.id} transport={t}>
                  <button
                    type="button"
                    disabled={running !== null}
                    onClick={() => accept(t)}
                    className={`${accentButton} w-full`}
                  >
                    {running === t.id ? "Aceptando..." : "Aceptar Entrega"}
                  </button>
                </TransportCard>
              ))}
            </div>
          )}
        </section>
      )}
      {tab !== "available" && board.data === null && board.status === "loading" && (
        <Spinner label="Cargando tus entregas..." />
      )}
      {tab === "mine" && board.data !== null && (
        <section aria-label="Mis Entregas" className="space-y-3">
          {mine.length === 0 ? (
            <EmptyState text="No tienes entregas en curso" detail="Acepta un transporte en 'Disponibles'." />
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {mine.map((t) => {
                const action = transportAction(t);
                return (
                  <TransportCard key={t.id} transport={t}>
                    {action.kind === "wait" && (
                      <p className="rounded-lg bg-stone-100 px-3 py-2 text-center text-sm text-stone-700">
                        {WAITING_NEXT}
                      </p>
                    )}
                    {action.kind === "pickup" && (
                      <button
                        type="button"
                        disabled={running !== null}
                        onClick={() => pickup(t)}
                        className={`${accentButton} w-full`}
                      >
                        {running === t.id ? "Enviando..." : action.label}
                      </button>
                    )}
                    {action.kind === "deliver" && (
                      <div className="space-y-2">
                        <button
                          type="button"
                          disabled={running !== null}
                          onClick={() => deliver(t)}
                          className={`${successButton} w-full`}
                        >
                          {running === t.id ? "Enviando..." : action.label}
                        </button>
                        <div className={`grid gap-2 ${action.takeBack ? "grid-cols-2" : "grid-cols-1"}`}>
                          <button
                            type="button"
                            disabled={running !== null}
                            onClick={() => openDialog("failed", t)}
                            className={secondaryButton}
                          >
                            {FAILED_LABEL}
                          </button>
                          {action.takeBack && (
                            <button
                              type="button"
                              disabled={running !== null}
                              onClick={() => openDialog("take_back", t)}
                              className={secondaryButton}
                            >
                              {TAKE_BACK_LABEL}
                            </button>
                          )}
                        </div>
                      </div>
                    )}
                    {action.kind === "origin_return" && (
                      <button
                        type="button"
                        disabled={running !== null}
                        onClick={() => openDialog("at_origin", t)}
                        className={`${accentButton} w-full`}
                      >
                        {action.label}
                      </button>
                    )}
                  </TransportCard>
                );
              })}
            </div>
          )}
        </section>
      )}
      {tab === "history" && board.data !== null && <HistoryTab first={board.data.deliveries} />}
      {tab === "stats" && board.data !== null && <CourierStatsTab board={board.data} />}
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
      <Toasts items={notes.items} now={notes.now} onDismiss={notes.dismiss} />
    </div>
  );
}
