import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { PanelToolbar } from "../../lib/logistics/PanelToolbar";
import { Toasts } from "../../lib/logistics/Toasts";
import { CONNECTION_BANNER, LastDataBanner } from "../../lib/ui/LastDataBanner";
import { TabBar } from "../../lib/ui/TabBar";
import { DashboardShell } from "../dashboard/DashboardShell";
import { CourierDialogs } from "./CourierDialogs";
import { COURIER_TABS, type CourierTab, courierTabPath } from "./tabs";
import { COURIER_POLL_MS, CourierProvider, useCourierBoard } from "./useCourierBoard";

/** The tab a path below /runner shows (none: 'Disponibles'). */
function tabAt(pathname: string): CourierTab {
  const segment = pathname.slice("/runner".length).split("/")[1];
  return COURIER_TABS.find((tab) => tab === segment) ?? "available";
}

/** /runner: the courier's panel in the dashboard's frame. */
export function CourierArea() {
  return (
    <DashboardShell title="Panel de Corredor">
      <CourierPanel />
    </DashboardShell>
  );
}

/** 'Panel de Corredor' (spec 3 §2.4): available transports, my deliveries, history and statistics, each tab a route. */
export function CourierPanel() {
  const courier = useCourierBoard();
  const { notes, available, board, failed, busy, reloadAll, mode, receivedAt } = courier;
  const tab = tabAt(useLocation({ select: (location) => location.pathname }));
  const navigate = useNavigate();
  const tabs = [
    { id: "available", label: "Disponibles", count: courier.availableList.length },
    { id: "mine", label: "Mis Entregas", count: courier.mine.length },
    { id: "orders", label: "Pedidos" },
    { id: "history", label: "Historial" },
    { id: "stats", label: "Estadísticas" },
  ] as const;

  return (
    <CourierProvider value={courier}>
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
        <TabBar
          tabs={tabs}
          current={tab}
          onChange={(next) => void navigate({ to: courierTabPath(next) })}
          label="Secciones del corredor"
        />
        <Outlet />
        <CourierDialogs />
        <Toasts items={notes.items} now={notes.now} onDismiss={notes.dismiss} />
      </div>
    </CourierProvider>
  );
}
