import { useSetAtom } from "jotai";
import { DashboardShell } from "../dashboard/DashboardShell";
import { BackButton } from "./BackButton";
import { ExpenseFormView } from "./ExpenseFormView";
import { ExpensesListView } from "./ExpensesListView";
import { NewSaleView } from "./NewSaleView";
import { NotificationsView } from "./NotificationsView";
import { ScanView } from "./ScanView";
import { SellerDashboard } from "./SellerDashboard";
import { clearScanAtom, flashAtom } from "./state";
import { TodaySalesView } from "./TodaySalesView";
import { TransfersView } from "./TransfersView";
import { type Go, type SalesFilter, type SellerSearch, type SellerView, VIEW_TITLE } from "./views";

type Props = {
  view: SellerView;
  filter: SalesFilter;
  /** Changes the URL's search (a new history entry unless `replace`). */
  onNavigate: (search: SellerSearch, replace: boolean) => void;
};

/** /seller: the seller's dashboard and its sub-views, chosen by ?view= (spec 1 §2). */
export function SellerArea({ view, filter, onNavigate }: Props) {
  const clearScan = useSetAtom(clearScanAtom);
  const setFlash = useSetAtom(flashAtom);

  const go: Go = (next, options = {}) => {
    // Going home drops the scanned photo and any prefill; a sub-view drops the last success message.
    if (next === "dashboard") clearScan();
    else setFlash(null);
    const search: SellerSearch = next === "dashboard" ? {} : { view: next };
    if (next === "today-sales" && options.filter && options.filter !== "all") search.filter = options.filter;
    onNavigate(search, options.replace ?? false);
  };

  return (
    <DashboardShell title={VIEW_TITLE[view]}>
      {view !== "dashboard" && <BackButton onBack={() => go("dashboard")} />}
      {view === "dashboard" && <SellerDashboard go={go} />}
      {view === "scan" && <ScanView go={go} />}
      {view === "new-sale" && <NewSaleView go={go} />}
      {view === "today-sales" && (
        <TodaySalesView
          filter={filter}
          onFilter={(next) => onNavigate({ view: "today-sales", ...(next === "all" ? {} : { filter: next }) }, true)}
        />
      )}
      {view === "expenses" && <ExpenseFormView go={go} />}
      {view === "expenses-list" && <ExpensesListView go={go} />}
      {view === "transfers" && <TransfersView />}
      {view === "notifications" && <NotificationsView />}
    </DashboardShell>
  );
}
