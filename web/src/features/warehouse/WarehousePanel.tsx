import { useAtomValue } from "jotai";
import { fetchWarehouseBoard } from "../../api/transfers";
import { type TransferEvent, WarehouseBoardSchema } from "../../api/transfers-schemas";
import { concernsWarehouse } from "../../lib/logistics/applyEvent";
import { KeeperDialogs } from "../../lib/logistics/KeeperDialogs";
import { PanelToolbar } from "../../lib/logistics/PanelToolbar";
import { SummaryCard } from "../../lib/logistics/SummaryCard";
import { Toasts } from "../../lib/logistics/Toasts";
import { useKeeperActions } from "../../lib/logistics/useKeeperActions";
import { useLiveBoard } from "../../lib/logistics/useLiveBoard";
import { useLoadNotices } from "../../lib/logistics/useLoadNotices";
import { useNotifications } from "../../lib/logistics/useNotifications";
import { sessionAtom } from "../../lib/session";
import { EmptyState } from "../../lib/ui/EmptyState";
import { CONNECTION_BANNER, FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { TabBar } from "../../lib/ui/TabBar";
import { CountsSection } from "../company/counts/CountsSection";
import { NotificationsView } from "../notices/NotificationsView";
import { applyToWarehouse, warehouseNotice } from "./events";
import { InventoryTab } from "./InventoryTab";
import { PendingTab } from "./PendingTab";
import { KeeperPreparationCard } from "./PreparationCard";
import { ReturnCard } from "./ReturnCard";
import { StatsTab } from "./StatsTab";
import { summaryFigures } from "./stats";
import type { WarehouseTab } from "./tabs";

export const WAREHOUSE_POLL_MS = 15_000;
export const WAREHOUSE_LOADING = "Cargando solicitudes de bodega...";

type Props = { tab: WarehouseTab; onTab: (tab: WarehouseTab) => void };

/** 'Panel de Bodega' (spec 3 §2.3): the keeper's queues, live, with their actions. */
export function WarehousePanel({ tab, onTab }: Props) {
  const user = useAtomValue(sessionAtom);
  const locationId = user?.role === "bodeguero" ? (user.location_id ?? null) : null;
  const notes = useNotifications();
  const { notify } = notes;
  const onSettled = useLoadNotices(notify, "No se pudieron actualizar los datos");
  const onEvents = (events: TransferEvent[]) => {
    for (const event of events) {
      if (!concernsWarehouse(event, locationId)) continue;
      const notice = warehouseNotice(event);
      if (notice) notify(notice.type, notice.title, notice.message);
    }
  };
  const { board, mode } = useLiveBoard({
    name: "warehouse.board",
    schema: WarehouseBoardSchema,
    load: fetchWarehouseBoard,
    pollMs: WAREHOUSE_POLL_MS,
    apply: applyToWarehouse,
    onEvents,
    onSettled,
  });
  const keeper = useKeeperActions("warehouse", notify, () => board.reload("event"));
  const { running } = keeper;

  const data = board.data;
  const pending = data?.pending.pending_requests.filter((t) => t.status === "pending") ?? [];
  const accepted = data?.accepted.accepted_requests ?? [];
  const returns = data?.returns.returns ?? [];
  const tabs = [
    { id: "pending", label: "Pendientes", count: pending.length },
    { id: "preparation", label: "Preparación", count: accepted.length },
    { id: "inventory", label: "Inventario" },
    { id: "counts", label: "Conteos" },
    { id: "stats", label: "Estadísticas" },
    { id: "returns", label: "Devoluciones", count: returns.length },
    { id: "notices", label: "Avisos" },
  ] as const;

  return (
    <div className="space-y-4">
      <PanelToolbar
        mode={mode}
        pollSeconds={WAREHOUSE_POLL_MS / 1000}
        receivedAt={board.receivedAt}
        refreshing={board.busy && (board.busyReason === "manual" || board.busyReason === "retry")}
        onRefresh={() => board.reload("manual")}
        notifications={notes.items}
        onDismiss={notes.dismiss}
        onDismissAll={notes.dismissAll}
      />
      <FailedLoadBanner title={CONNECTION_BANNER} live={board} retryReason="retry" />
      {data === null && board.status === "loading" && <Spinner label={WAREHOUSE_LOADING} />}
      {data !== null && (
        <section aria-label="Resumen de bodega" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {summaryFigures(data).map((f, i) => (
            <SummaryCard
              key={f.label}
              label={f.label}
              value={f.value}
              detail={f.detail}
              tone={(["orange", "red", "sky", "green"] as const)[i]}
              testId={`summary-${i}`}
            />
          ))}
        </section>
      )}
      <TabBar tabs={tabs} current={tab} onChange={onTab} label="Secciones de bodega" />
      {tab === "inventory" && <InventoryTab notify={notify} />}
      {tab === "counts" && <CountsSection />}
      {tab === "notices" && <NotificationsView />}
      {tab !== "inventory" && tab !== "counts" && tab !== "notices" && data !== null && (
        <div>
          {tab === "pending" && (
            <PendingTab list={pending} running={running} onAccept={keeper.accept} onDecline={keeper.openDecline} />
          )}
          {tab === "preparation" && (
            <section aria-label="Transferencias en Preparación" className="space-y-3">
              <h2 className="text-lg font-semibold text-stone-900">Transferencias en Preparación</h2>
              {accepted.length === 0 ? (
                <EmptyState text="No hay transferencias en preparación" />
              ) : (
                <div className="grid gap-3 lg:grid-cols-2">
                  {accepted.map((t) => (
                    <KeeperPreparationCard key={t.id} transfer={t} keeper={keeper} />
                  ))}
                </div>
              )}
            </section>
          )}
          {tab === "stats" && (
            <StatsTab board={data} mode={mode} receivedAt={board.receivedAt} healthy={board.status !== "error"} />
          )}
          {tab === "returns" && (
            <section aria-label="Devoluciones Pendientes" className="space-y-3">
              <h2 className="text-lg font-semibold text-stone-900">Devoluciones Pendientes</h2>
              {returns.length === 0 ? (
                <EmptyState text="No hay devoluciones pendientes" />
              ) : (
                <div className="grid gap-3 lg:grid-cols-2">
                  {returns.map((t) => (
                    <ReturnCard
                      key={t.id}
                      transfer={t}
                      running={running.has(t.id)}
                      onConfirm={() => keeper.openReception(t)}
                    />
                  ))}
                </div>
              )}
            </section>
          )}
        </div>
      )}
      <KeeperDialogs keeper={keeper} />
      <Toasts items={notes.items} now={notes.now} onDismiss={notes.dismiss} />
    </div>
  );
}
