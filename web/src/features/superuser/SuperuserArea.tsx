import { TabBar } from "../../lib/ui/TabBar";
import { Toasts } from "../../lib/ui/Toasts";
import { DashboardShell } from "../dashboard/DashboardShell";
import { BossesTab } from "./bosses/BossesTab";
import { CompaniesTab } from "./companies/CompaniesTab";
import { FeedbackProvider } from "./feedback";
import { InvoicesTab } from "./invoices/InvoicesTab";
import { LoadBanner } from "./LoadBanner";
import { OverviewTab } from "./overview/OverviewTab";
import { PlansTab } from "./plans/PlansTab";
import { ReportsTab } from "./reports/ReportsTab";
import { SetupTab } from "./setup/SetupTab";
import { SubscriptionsTab } from "./subscriptions/SubscriptionsTab";
import { type GoTab, SUPERUSER_TABS, type SuperuserSearch, type SuperuserTab, TAB_LABEL } from "./tabs";

const TABS = SUPERUSER_TABS.map((id) => ({ id, label: TAB_LABEL[id] }));

type Props = {
  tab: SuperuserTab;
  /** Company chosen through the URL: its metrics (companies tab) or its invoices (invoices tab). */
  company: number | undefined;
  /** Changes the URL's search (a new history entry unless `replace`). */
  onNavigate: (search: SuperuserSearch, replace: boolean) => void;
};

/** /superuser: 'Panel de Superadmin', one tabbed screen (spec 2 §2). */
export function SuperuserArea({ tab, company, onNavigate }: Props) {
  const go: GoTab = (next, options = {}) => {
    const search: SuperuserSearch = next === "overview" ? {} : { tab: next };
    if (options.company !== undefined && (next === "companies" || next === "invoices"))
      search.company = options.company;
    onNavigate(search, options.replace ?? false);
  };

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
        {tab === "overview" && <OverviewTab go={go} />}
        {tab === "companies" && <CompaniesTab go={go} company={company} />}
        {tab === "bosses" && <BossesTab />}
        {tab === "subscriptions" && <SubscriptionsTab />}
        {tab === "invoices" && <InvoicesTab go={go} company={company} />}
        {tab === "plans" && <PlansTab />}
        {tab === "reports" && <ReportsTab />}
        {tab === "setup" && <SetupTab />}
      </FeedbackProvider>
    </DashboardShell>
  );
}
