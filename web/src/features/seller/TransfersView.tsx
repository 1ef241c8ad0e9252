import { useAtomValue } from "jotai";
import { useState } from "react";
import { fetchSellerBoard } from "../../api/transfers";
import { type SellerBoard, SellerBoardSchema, type Transfer, type TransferEvent } from "../../api/transfers-schemas";
import { applyEvent, concernsStore } from "../../lib/logistics/applyEvent";
import { errorText } from "../../lib/logistics/errors";
import { KeeperDialogs } from "../../lib/logistics/KeeperDialogs";
import { KEEPER_BOARD } from "../../lib/logistics/keeperWrites";
import { LiveBadge } from "../../lib/logistics/LiveBadge";
import { sortByProgress } from "../../lib/logistics/progress";
import { useKeeperActions } from "../../lib/logistics/useKeeperActions";
import { useLiveBoard } from "../../lib/logistics/useLiveBoard";
import { sessionAtom } from "../../lib/session";
import { StepConfirmDialog } from "../../lib/ui/ConfirmDialog";
import { FlashNotice } from "../../lib/ui/Flash";
import { ItemList } from "../../lib/ui/ItemList";
import { FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { TabBar } from "../../lib/ui/TabBar";
import { SAVED_ON_PHONE } from "./outbox/actions";
import { CancelDialog } from "./transfers/CancelDialog";
import { CompletedTransferItem } from "./transfers/CompletedTransferItem";
import { IncomingRequests } from "./transfers/IncomingRequests";
import { useCancelTransfer, useConfirmReception, useDeliverReturnToWarehouse } from "./transfers/mutations";
import { NewTransferForm } from "./transfers/NewTransferForm";
import { PendingTransferItem } from "./transfers/PendingTransferItem";
import { ReceptionDialog } from "./transfers/ReceptionDialog";
import { ReturnDialog } from "./transfers/ReturnDialog";
import type { ScannerPrefill, TransfersTab } from "./transfers/search";
import { TransfersCounters } from "./transfers/TransfersCounters";
import type { Go } from "./views";

export const SELLER_POLL_MS = 30_000;
export const SELLER_LOAD_ERROR = "Error conectando con el servidor";

type Props = {
  tab: TransfersTab;
  prefill: ScannerPrefill | null;
  onTab: (tab: TransfersTab) => void;
  go: Go;
};

type Pending =
  | { kind: "cancel"; transfer: Transfer }
  | { kind: "reception"; transfer: Transfer }
  | { kind: "deliver-return"; transfer: Transfer }
  | { kind: "return"; transfer: Transfer };

function applyToSeller(board: SellerBoard, event: TransferEvent): SellerBoard {
  return {
    ...board,
    pending: { ...board.pending, pending_transfers: applyEvent(board.pending.pending_transfers, event) },
  };
}

function scrollToTop() {
  if (typeof window.scrollTo === "function") window.scrollTo({ top: 0, behavior: "smooth" });
}

/** What the seller is told at once when a request of their store meets a setback (issue 32 §3). */
const SETBACKS: Record<string, (id: number) => string> = {
  report_failed_delivery: (id) => `El corredor no pudo entregar la solicitud #${id}: mira el motivo en su tarjeta.`,
  return_to_origin: (id) => `La solicitud #${id} no se pudo entregar: el corredor la lleva de vuelta al origen.`,
  expire_reservation: (id) =>
    `La reserva de la solicitud #${id} venció sin corredor ni entrega: volvió a pendientes en el origen.`,
};

/** 'Gestión de Transferencias' (spec 3 §2.5): follow, receive, cancel, return and request transfers. */
export function TransfersView({ tab, prefill, onTab, go }: Props) {
  const user = useAtomValue(sessionAtom);
  const locationId = user?.location_id ?? null;
  const { board, mode } = useLiveBoard({
    name: KEEPER_BOARD.vendor,
    schema: SellerBoardSchema,
    load: fetchSellerBoard,
    pollMs: SELLER_POLL_MS,
    apply: (data, event) => (concernsStore(event, locationId) ? applyToSeller(data, event) : data),
    onEvents: (events) => {
      // a request of this store was declined, or cancelled by the source after accepting it: say so at
      // once; the reason is in the day's history
      const ended = events.find(
        (e) =>
          (e.action === "decline" || e.action === "keeper_cancel") &&
          e.request_type !== "return" &&
          (locationId === null || e.destination_location_id === locationId),
      );
      if (ended) {
        const what = ended.action === "decline" ? "fue rechazada" : "fue cancelada por el origen";
        setMessage({
          tone: "error",
          text: `La solicitud #${ended.transfer_id} ${what}. Mira el motivo en 'Historial del Día'.`,
        });
        board.reload("event");
        return;
      }
      // the courier could not deliver, is bringing it back, or nobody came for it in time: said at once too
      const setback = events.find(
        (e) =>
          e.action in SETBACKS &&
          e.request_type !== "return" &&
          (locationId === null || e.destination_location_id === locationId),
      );
      if (setback) {
        setMessage({ tone: "error", text: SETBACKS[setback.action]?.(setback.transfer_id) ?? "" });
        board.reload("event");
      }
    },
  });
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const keeper = useKeeperActions("vendor", (tone, title, text) => {
    setMessage({ tone, text: `${title}: ${text}` });
    scrollToTop();
  });
  const [dialog, setDialog] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const cancelling = useCancelTransfer();
  const receiving = useConfirmReception();
  const returning = useDeliverReturnToWarehouse();

  const open = (next: Pending) => {
    setDialogError(null);
    setDialog(next);
  };

  async function run(action: () => Promise<{ message: string }>, success: (serverMessage: string) => string) {
    setBusy(true);
    setDialogError(null);
    try {
      const result = await action();
      setDialog(null);
      setMessage({ tone: "success", text: success(result.message) });
      scrollToTop();
    } catch (error) {
      setDialogError(`Error: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const data = board.data;
  const pending = sortByProgress(
    (data?.pending.pending_transfers ?? []).filter((t) => t.status !== "completed" && t.status !== "cancelled"),
  );
  const completed = data?.completed.completed_transfers ?? [];
  const incoming = data?.incoming;
  const tabs = [
    { id: "pending", label: "Recepciones por Confirmar", count: pending.length },
    { id: "incoming", label: "Solicitudes para mi local", count: incoming?.total ?? 0 },
    { id: "completed", label: "Historial del Día", count: completed.length },
    { id: "new", label: "Nueva Solicitud" },
  ] as const;

  return (
    <div className="space-y-4">
      <FlashNotice flash={message} onClose={() => setMessage(null)} />
      <FailedLoadBanner className="mb-4" title={SELLER_LOAD_ERROR} live={board} retryReason="retry" />
      <div className="flex items-center justify-between gap-2">
        <LiveBadge mode={mode} pollSeconds={SELLER_POLL_MS / 1000} />
        <button
          type="button"
          onClick={() => board.reload("manual")}
          disabled={board.busy && board.busyReason === "manual"}
          className="text-sm font-semibold text-orange-700 disabled:opacity-50"
        >
          {board.busy && board.busyReason === "manual" ? "Actualizando..." : "Actualizar"}
        </button>
      </div>
      {data === null && board.status === "loading" && <Spinner label="Cargando transferencias..." />}
      {data !== null && <TransfersCounters board={data} />}
      <TabBar tabs={tabs} current={tab} onChange={onTab} label="Transferencias" dropdownOnPhone />
      {tab === "pending" && data !== null && (
        <section aria-label="Recepciones por Confirmar">
          <ItemList
            items={pending}
            empty="No tienes transferencias pendientes"
            emptyDetail="Pide un producto en 'Nueva Solicitud'."
            className="grid gap-3 lg:grid-cols-2"
          >
            {(t) => (
              <PendingTransferItem
                key={t.id}
                transfer={t}
                onCancel={() => open({ kind: "cancel", transfer: t })}
                onConfirmReception={() => open({ kind: "reception", transfer: t })}
                onDeliverReturn={() => open({ kind: "deliver-return", transfer: t })}
              />
            )}
          </ItemList>
        </section>
      )}
      {tab === "incoming" && incoming && <IncomingRequests incoming={incoming} keeper={keeper} />}
      {tab === "completed" && data !== null && (
        <section aria-label="Historial del Día">
          <ItemList
            items={completed}
            empty="Hoy no hay transferencias completadas"
            className="grid gap-3 lg:grid-cols-2"
          >
            {(t) => (
              <CompletedTransferItem
                key={t.id}
                transfer={t}
                onReturn={() => open({ kind: "return", transfer: t })}
                onSell={() => go("new-sale", { transferId: t.id })}
              />
            )}
          </ItemList>
        </section>
      )}
      {tab === "new" && (
        <NewTransferForm
          key={prefill ? JSON.stringify(prefill) : "empty"}
          prefill={prefill}
          onCreated={(id) => {
            setMessage(
              id === null
                ? { tone: "success", text: `Solicitud de transferencia: ${SAVED_ON_PHONE}` }
                : { tone: "success", text: `Solicitud de transferencia creada exitosamente. ID de solicitud: #${id}` },
            );
            board.reload("event");
            onTab("pending");
            scrollToTop();
          }}
        />
      )}
      <KeeperDialogs keeper={keeper} />
      {dialog?.kind === "cancel" && (
        <CancelDialog
          transfer={dialog.transfer}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) =>
            void run(
              () => cancelling.mutateAsync({ id: dialog.transfer.id, reason }),
              () => "Transferencia cancelada exitosamente",
            )
          }
        />
      )}
      {dialog?.kind === "reception" && (
        <ReceptionDialog
          transfer={dialog.transfer}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={({ receivedQuantity, conditionOk, damagedQuantity, notes }) =>
            void run(
              () =>
                receiving.mutateAsync({
                  id: dialog.transfer.id,
                  receivedQuantity,
                  conditionOk,
                  notes,
                  damaged: damagedQuantity,
                }),
              (text) => `${text || "Recepción confirmada"} (transferencia #${dialog.transfer.id})`,
            )
          }
        />
      )}
      {dialog?.kind === "deliver-return" && (
        <StepConfirmDialog
          title={`¿Entregaste la devolución #${dialog.transfer.id} en la bodega?`}
          confirmLabel="Entregar a Bodeguero"
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void run(
              () => returning.mutateAsync(dialog.transfer.id),
              (text) => text || "Devolución entregada en bodega",
            )
          }
        >
          <p>
            {`Confirma solo cuando el producto esté en manos del bodeguero de ${dialog.transfer.destination_location_name}; después él debe confirmar la recepción.`}
          </p>
        </StepConfirmDialog>
      )}
      {dialog?.kind === "return" && (
        <ReturnDialog
          transfer={dialog.transfer}
          onClose={() => setDialog(null)}
          onCreated={(result) => {
            setDialog(null);
            setMessage({
              tone: "success",
              text: `Devolución #${result.return_id} creada. Tiempo estimado: ${result.estimated_return_time}. ${result.next_action}`,
            });
            onTab("pending");
            scrollToTop();
          }}
        />
      )}
    </div>
  );
}
