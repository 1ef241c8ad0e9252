import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { TabBar } from "../../lib/ui/TabBar";
import { Toasts } from "../../lib/ui/Toasts";
import { DashboardShell } from "../dashboard/DashboardShell";
import { FeedbackProvider } from "./feedback";
import { LoadBanner } from "./LoadBanner";
import { type CompanySearch, type GoTab, SUPERUSER_TABS, TAB_LABEL, tabAt, tabPath } from "./tabs";

const TABS = SUPERUSER_TABS.map((id) => ({ id, label: TAB_LABEL[id] }));

/** Where a tab asks to go: its route, with the company it opens (companies and invoices tabs). */
export function useGoTab(): GoTab {
  const navigate = useNavigate();
  return (next, options = {}) => {
    const search: CompanySearch =
      options.company !== undefined && (next === "companies" || next === "invoices")
        ? { company: options.company }
        : {};
    void navigate({ to: tabPath(next), search, replace: options.replace ?? false });
  };
}

/** /superuser: 'Panel de Superadmin', one tab (a child route) at a time (spec 2 §2). */
export function SuperuserArea() {
  const tab = tabAt(useLocation({ select: (location) => location.pathname }));
  const go = useGoTab();
  return (
    <DashboardShell title="Panel de Superadmin">
      <FeedbackProvider
        render={({ toasts, dismiss, loadErrors }) => (
          <>
            <LoadBanner messages={loadErrors} />
            <Toasts items={toasts} onDismiss={dismiss} />
          </>
        )}
      >
        <div className="mb-5">
          <TabBar tabs={TABS} current={tab} onChange={(next) => go(next)} label="Secciones del panel" />
        </div>
        <Outlet />
      </FeedbackProvider>
    </DashboardShell>
  );
}
