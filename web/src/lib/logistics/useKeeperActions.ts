import { useState } from "react";
import type { KeeperArea, ReturnReception } from "../../api/transfers";
import type { Transfer } from "../../api/transfers-schemas";
import { countLabel } from "../format";
import { errorText } from "./errors";
import {
  useAcceptRequest,
  useCancelAccepted,
  useConfirmReturnReception,
  useDeclineRequest,
  useDeliverToCourier,
  useDeliverToVendor,
} from "./keeperWrites";
import { preparationMinutes } from "./progress";

type Notify = (type: "success" | "error", title: string, message: string) => void;

/**
 * The keeper's actions on a request (accept, decline, cancel once accepted, hand over, receive a return), for a warehouse
 * keeper (/warehouse) or the seller of a store whose pairs were asked for (/vendor). Tracks which
 * requests are running and the dialogs (decline, return reception) with their errors. Each write reads
 * the keeper's board again (keeperWrites.ts).
 */
export function useKeeperActions(area: KeeperArea, notify: Notify) {
  const [running, setRunning] = useState<ReadonlySet<number>>(new Set());
  const [receiving, setReceiving] = useState<Transfer | null>(null);
  const [declining, setDeclining] = useState<Transfer | null>(null);
  const [cancelling, setCancelling] = useState<Transfer | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const accepting = useAcceptRequest();
  const toCourier = useDeliverToCourier();
  const toVendor = useDeliverToVendor();
  const rejecting = useDeclineRequest();
  const cancellingAccepted = useCancelAccepted();
  const receivingReturn = useConfirmReturnReception();

  const mark = (id: number, on: boolean) =>
    setRunning((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function run(id: number, action: () => Promise<unknown>, ok: [string, string], failTitle: string) {
    mark(id, true);
    try {
      await action();
      notify("success", ok[0], ok[1]);
      return true;
    } catch (error) {
      notify("error", failTitle, errorText(error));
      return false;
    } finally {
      mark(id, false);
    }
  }

  /** Runs a dialog's action: the dialog stays open with the error when it fails. */
  async function runDialog(t: Transfer, action: () => Promise<unknown>, ok: [string, string], close: () => void) {
    setDialogError(null);
    mark(t.id, true);
    try {
      await action();
      notify("success", ok[0], ok[1]);
      close();
    } catch (error) {
      setDialogError(`Error: ${errorText(error)}`);
    } finally {
      mark(t.id, false);
    }
  }

  /** Opens a dialog on a transfer, clear of the last dialog's error. */
  const opener = (show: (t: Transfer) => void) => (t: Transfer) => {
    setDialogError(null);
    show(t);
  };

  return {
    running,
    receiving,
    declining,
    cancelling,
    dialogError,
    accept: (t: Transfer) => {
      const minutes = preparationMinutes(t);
      void run(
        t.id,
        () => accepting.mutateAsync({ id: t.id, minutes, area }),
        ["Solicitud Aceptada", `Solicitud #${t.id} aceptada. Tiempo de preparación: ${minutes} min`],
        "Error al Aceptar",
      );
    },
    toCourier: (t: Transfer, courierId: number | null) =>
      void run(
        t.id,
        () => toCourier.mutateAsync({ id: t.id, courierId, area }),
        ["Entregado al Corredor", `Solicitud #${t.id} entregada a ${t.courier_info.name ?? "el corredor"}`],
        "Error en Entrega",
      ),
    toVendor: (t: Transfer) =>
      void run(
        t.id,
        () => toVendor.mutateAsync({ id: t.id, area }),
        ["Entregado al Vendedor", `Solicitud #${t.id} entregada a ${t.requester_name}`],
        "Error en Entrega",
      ),
    openDecline: opener(setDeclining),
    closeDecline: () => setDeclining(null),
    decline: (t: Transfer, reason: string) =>
      void runDialog(
        t,
        () => rejecting.mutateAsync({ id: t.id, reason, area }),
        ["Solicitud Rechazada", `Solicitud #${t.id} rechazada; ${t.requester_name} verá el motivo`],
        () => setDeclining(null),
      ),
    openCancel: opener(setCancelling),
    closeCancel: () => setCancelling(null),
    cancelAccepted: (t: Transfer, reason: string) =>
      void runDialog(
        t,
        () => cancellingAccepted.mutateAsync({ id: t.id, reason, area }),
        [
          "Solicitud Cancelada",
          `Solicitud #${t.id} cancelada; las unidades reservadas quedaron libres y ${t.requester_name} verá el motivo`,
        ],
        () => setCancelling(null),
      ),
    openReception: opener(setReceiving),
    closeReception: () => setReceiving(null),
    confirmReturn: (t: Transfer, reception: ReturnReception) =>
      void runDialog(
        t,
        () => receivingReturn.mutateAsync({ id: t.id, reception, area }),
        [
          "Devolución Recibida",
          `Devolución #${t.id}: ${countLabel(reception.received_quantity, "unidad recibida", "unidades recibidas")}`,
        ],
        () => setReceiving(null),
      ),
  };
}

export type KeeperActions = ReturnType<typeof useKeeperActions>;
