import { useSearch } from "@tanstack/react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useDeferredValue } from "react";
import { useOnline } from "../../lib/outbox/useOnline";
import { useOutboxItems, useOutboxSync } from "../../lib/outbox/useOutbox";
import { Spinner } from "../../lib/ui/Spinner";
import { DashboardShell } from "../dashboard/DashboardShell";
import { BackButton } from "./BackButton";
import { queuedExpensesToday, queuedToday } from "./outbox/actions";
import { OutboxBanner } from "./outbox/OutboxBanner";
import { SellerDashboard } from "./SellerDashboard";
import { clearScanAtom, flashAtom, scannedSaleAtom } from "./state";
import { type ScannerPrefill, transferRequestSearch } from "./transfers/search";
import { type Go, type SalesFilter, type SellerSearch, type SellerView, VIEW_TITLE } from "./views";

type Props = {
  view: SellerView;
  filter: SalesFilter;
  /** Changes the URL's search (a new history entry unless `replace`). */
  onNavigate: (search: SellerSearch, replace: boolean) => void;
};

// The panel is the first screen: the other views' code is fetched when one is opened (precached by the
// service worker all the same, so they open offline too).
const ScanView = lazy(() => import("./ScanView").then((m) => ({ default: m.ScanView })));
const NewSaleView = lazy(() => import("./NewSaleView").then((m) => ({ default: m.NewSaleView })));
const TodaySalesView = lazy(() => import("./TodaySalesView").then((m) => ({ default: m.TodaySalesView })));
const ExpenseFormView = lazy(() => import("./ExpenseFormView").then((m) => ({ default: m.ExpenseFormView })));
const ExpensesListView = lazy(() => import("./ExpensesListView").then((m) => ({ default: m.ExpensesListView })));
const TransfersView = lazy(() => import("./TransfersView").then((m) => ({ default: m.TransfersView })));
const NotificationsView = lazy(() =>
  import("../notices/NotificationsView").then((m) => ({ default: m.NotificationsView })),
);
const TillView = lazy(() => import("./TillView").then((m) => ({ default: m.TillView })));
const OutboxView = lazy(() => import("./outbox/OutboxView").then((m) => ({ default: m.OutboxView })));
const ReturnsView = lazy(() => import("./returns/ReturnsView").then((m) => ({ default: m.ReturnsView })));
const WebReservationsPanel = lazy(() =>
  import("../company/WebReservationsPanel").then((m) => ({ default: m.WebReservationsPanel })),
);

const SCANNED_SALE_TITLE = "Nueva Venta - Producto Escaneado";

/** /seller: the seller's dashboard and its sub-views, chosen by ?view= (spec 1 §2). */
export function SellerArea({ view, filter, onNavigate }: Props) {
  const clearScan = useSetAtom(clearScanAtom);
  const setFlash = useSetAtom(flashAtom);
  const scannedSale = useAtomValue(scannedSaleAtom);
  // The transfers tab, the scanner's prefill and a sale's transfer id also live in the URL.
  const url: SellerSearch = useSearch({ strict: false });
  // what this phone made without a connection: sent from here, shown on every seller screen until it lands
  const outbox = useOutboxItems();
  const sync = useOutboxSync();
  const online = useOnline();
  const queued = queuedToday(outbox.items);
  const queuedExpenses = queuedExpensesToday(outbox.items);
  // On entering, the frame (header, title, way back) is drawn first and the screen's content right after in a
  // transition, which React renders in short slices instead of one long task.
  const contentReady = useDeferredValue(true, false);
  const requestTransfer = (prefill: ScannerPrefill) =>
    onNavigate({ ...transferRequestSearch(prefill), prefill }, false);

  const go: Go = (next, options = {}) => {
    // Going home drops the scanned photo and any prefill; a sub-view drops the last success message.
    if (next === "dashboard") clearScan();
    else setFlash(null);
    const search: SellerSearch = next === "dashboard" ? {} : { view: next };
    if (next === "today-sales" && options.filter && options.filter !== "all") search.filter = options.filter;
    if (next === "new-sale" && options.transferId !== undefined) search.transfer_id = options.transferId;
    if (next === "transfers" && options.tab && options.tab !== "pending") search.tab = options.tab;
    if (next === "returns" && options.sale !== undefined) search.sale = options.sale;
    onNavigate(search, options.replace ?? false);
  };

  return (
    <DashboardShell
      title={
        view === "new-sale" && scannedSale && url.transfer_id === undefined ? SCANNED_SALE_TITLE : VIEW_TITLE[view]
      }
    >
      {view !== "dashboard" && <BackButton onBack={() => go("dashboard")} />}
      {view !== "outbox" && (
        <OutboxBanner
          items={outbox.items}
          sending={sync.sending}
          online={online}
          onSend={sync.flush}
          onOpen={() => go("outbox")}
        />
      )}
      {contentReady && (
        <>
          {view === "dashboard" && <SellerDashboard go={go} queued={queued} queuedExpenses={queuedExpenses} />}
          <Suspense fallback={<Spinner />}>
            {view === "scan" && <ScanView go={go} onTransferRequest={requestTransfer} />}
            {view === "new-sale" && (
              <NewSaleView go={go} fromTransfer={url.transfer_id === undefined ? undefined : String(url.transfer_id)} />
            )}
            {view === "today-sales" && (
              <TodaySalesView
                filter={filter}
                onFilter={(next) =>
                  onNavigate({ view: "today-sales", ...(next === "all" ? {} : { filter: next }) }, true)
                }
                onReturn={(sale) => go("returns", { sale: sale.id })}
                queued={queued}
                onResolve={() => go("outbox")}
              />
            )}
            {view === "expenses" && <ExpenseFormView go={go} />}
            {view === "expenses-list" && <ExpensesListView go={go} />}
            {view === "transfers" && (
              <TransfersView
                tab={url.tab ?? "pending"}
                prefill={url.prefill ?? null}
                onTab={(tab) => onNavigate({ view: "transfers", ...(tab === "pending" ? {} : { tab }) }, true)}
                go={go}
              />
            )}
            {view === "notifications" && <NotificationsView />}
            {view === "till" && <TillView />}
            {view === "outbox" && (
              <OutboxView
                items={outbox.items}
                online={online}
                sending={sync.sending}
                onSend={sync.flush}
                go={go}
                onTransferRequest={requestTransfer}
              />
            )}
            {view === "returns" && (
              <ReturnsView saleId={url.sale} onLeaveSale={() => onNavigate({ view: "returns" }, true)} />
            )}
            {view === "reservations" && <WebReservationsPanel area="seller" />}
          </Suspense>
        </>
      )}
    </DashboardShell>
  );
}
