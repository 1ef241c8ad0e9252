import { useCallback, useEffect, useRef, useState } from "react";
import type { DeliveryFailureReason } from "../../../../shared/constants";
import { type CourierFilter, fetchAvailableRequests, fetchCourierBoard } from "../../api/transfers";
import {
  AvailableRequestsSchema,
  CourierBoardSchema,
  type Transfer,
  type TransferEvent,
} from "../../api/transfers-schemas";
import { useIdempotencyKeys } from "../../lib/idempotency";
import { applyEvent } from "../../lib/logistics/applyEvent";
import { errorText } from "../../lib/logistics/errors";
import { useLoadNotices } from "../../lib/logistics/useLoadNotices";
import { useNotifications } from "../../lib/logistics/useNotifications";
import { useTransferLive } from "../../lib/logistics/useTransferLive";
import { panelContext } from "../../lib/panelContext";
import { useRemoteData } from "../../lib/query/useRemoteData";
import {
  availableRead,
  COURIER_BOARD,
  useConfirmDelivery,
  useConfirmOriginReturn,
  useConfirmPickup,
  useCourierAccept,
  useReportFailedDelivery,
  useReturnToOrigin,
} from "./mutations";
import { courierEtaMinutes } from "./transportAction";

export const COURIER_POLL_MS = 20_000;

export const COURIER_FILTERS: { id: CourierFilter; label: string }[] = [
  { id: "all", label: "Todos" },
  { id: "cliente", label: "Solo urgentes" },
  { id: "restock", label: "Solo normales" },
];

/**
 * Everything the courier's tabs share: the available transports and the courier's board (live, with
 * polling as the fallback), the notices, the action running and the open dialog with its calls.
 */
export function useCourierBoard() {
  const notes = useNotifications();
  const { notify } = notes;
  const onSettled = useLoadNotices(notify, "No se pudieron actualizar los datos");
  const [filter, setFilter] = useState<CourierFilter>("all");
  const available = useRemoteData({
    area: "transfers",
    name: availableRead(filter),
    schema: AvailableRequestsSchema,
    load: (signal) => fetchAvailableRequests(filter, signal),
    onSettled,
  });
  const board = useRemoteData({
    area: "transfers",
    name: COURIER_BOARD,
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
  const accepting = useCourierAccept();
  const pickingUp = useConfirmPickup();
  const delivering = useConfirmDelivery();
  const reportingFailure = useReportFailedDelivery();
  const takingBack = useReturnToOrigin();
  const returningToOrigin = useConfirmOriginReturn();

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
      () => accepting.mutateAsync({ id: t.id, isReturn: isReturn(t), etaMinutes: eta }),
      ["Entrega Aceptada", `#${t.id}: recoge en ${t.source_location_name} en unos ${eta} min`],
      "Error al Aceptar",
    );
  };
  const pickup = (t: Transfer) =>
    void act(
      t,
      () => pickingUp.mutateAsync({ id: t.id, isReturn: isReturn(t) }),
      ["Recolección Confirmada", `#${t.id}: lleva el producto a ${t.destination_location_name}`],
      "Error en Recolección",
    );
  const deliver = (t: Transfer) =>
    void act(
      t,
      () => delivering.mutateAsync({ id: t.id, isReturn: isReturn(t) }),
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
    } catch (error) {
      setDialogError(errorText(error));
    } finally {
      setDialogBusy(false);
    }
  }
  const reportFailed = (t: Transfer, reason: DeliveryFailureReason, notes: string) => {
    const data = { id: t.id, reason, notes };
    void runDialog(
      () => failureKeys.send(data, (key) => reportingFailure.mutateAsync({ id: t.id, reason, notes, key })),
      ["Intento registrado", `#${t.id}: el producto sigue contigo`],
    );
  };
  const takeBack = (t: Transfer) =>
    void runDialog(
      () => takingBack.mutateAsync(t.id),
      ["De vuelta al origen", `#${t.id}: lleva el producto a ${t.source_location_name}`],
    );
  const backAtOrigin = (t: Transfer) =>
    void runDialog(
      () => returningToOrigin.mutateAsync(t.id),
      ["Devuelto en el origen", `#${t.id} volvió al inventario de ${t.source_location_name}`],
    );

  const availableList = (list ?? []).filter((t) => t.status === "accepted");
  // The assigned list excludes delivered ones (spec 3 §4).
  const mine = (board.data?.transports.my_transports ?? []).filter((t) => t.status !== "delivered");
  const failed = available.status === "error" ? available : board.status === "error" ? board : null;
  const receivedAt = board.receivedAt ?? available.receivedAt;
  const busy = available.busy || board.busy;

  return {
    notes,
    filter,
    setFilter,
    available,
    board,
    mode,
    running,
    dialog,
    setDialog,
    dialogBusy,
    dialogError,
    reloadAll,
    accept,
    pickup,
    deliver,
    openDialog,
    reportFailed,
    takeBack,
    backAtOrigin,
    availableList,
    mine,
    failed,
    receivedAt,
    busy,
  };
}

export type CourierBoard = ReturnType<typeof useCourierBoard>;

const shared = panelContext<CourierBoard>("panel de corredor");
export const CourierProvider = shared.Provider;
/** The panel's shared state, for a tab's route. */
export const useCourier = shared.usePanel;
