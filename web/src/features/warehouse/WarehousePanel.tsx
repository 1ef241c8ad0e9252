import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { KeeperDialogs } from "../../lib/logistics/KeeperDialogs";
import { PanelToolbar } from "../../lib/logistics/PanelToolbar";
import { SummaryCard } from "../../lib/logistics/SummaryCard";
import { Toasts } from "../../lib/logistics/Toasts";
import { CONNECTION_BANNER, FailedLoadBanner } from "../../lib/ui/LastDataBanner";
import { Spinner } from "../../lib/ui/Spinner";
import { TabBar } from "../../lib/ui/TabBar";
import { DashboardShell } from "../dashboard/DashboardShell";
import { summaryFigures } from "./stats";
import { WAREHOUSE_TABS, type WarehouseTab, warehouseTabPath } from "./tabs";
import { useWarehouseBoard, WAREHOUSE_POLL_MS, WarehouseProvider } from "./useWarehouseBoard";

export const WAREHOUSE_LOADING = "Cargando solicitudes de bodega...";

/** The tab a path below /warehouse shows (none: 'Pendientes'). */
function tabAt(pathname: string): WarehouseTab {
  const segment = pathname.slice("/warehouse".length).split("/")[1];
  return WAREHOUSE_TABS.find((tab) => tab === segment) ?? "pending";
}

/** /warehouse: the keeper's panel in the dashboard's frame. */
export function WarehouseArea() {
  return (
    <DashboardShell title="Panel de Bodega">
      <WarehousePanel />
    </DashboardShell>
  );
}

/** 'Panel de Bodega' (spec 3 §2.3): the keeper's queues, live, with their actions; each tab a route. */
export function WarehousePanel() {
  const warehouse = useWarehouseBoard();
  const { notes, board, mode, keeper } = warehouse;
  const tab = tabAt(useLocation({ select: (location) => location.pathname }));
  const navigate = useNavigate();
  const data = board.data;
  const tabs = [
    { id: "pending", label: "Pendientes", count: warehouse.pending.length },
    { id: "preparation", label: "Preparación", count: warehouse.accepted.length },
    { id: "orders", label: "Pedidos" },
    { id: "inventory", label: "Inventario" },
    { id: "counts", label: "Conteos" },
    { id: "stats", label: "Estadísticas" },
    { id: "returns", label: "Devoluciones", count: warehouse.returns.length },
    { id: "notices", label: "Avisos" },
  ] as const;

  return (
    <WarehouseProvider value={warehouse}>
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
        <TabBar
          tabs={tabs}
          current={tab}
          onChange={(next) => void navigate({ to: warehouseTabPath(next) })}
          label="Secciones de bodega"
        />
        <Outlet />
        <KeeperDialogs keeper={keeper} />
        <Toasts items={notes.items} now={notes.now} onDismiss={notes.dismiss} />
      </div>
    </WarehouseProvider>
  );
}
