import { lazy, Suspense, useEffect } from "react";
import { usePlanModules } from "../../lib/planModules";
import { ModuleGate } from "../../lib/ui/ModuleGate";
import { Spinner } from "../../lib/ui/Spinner";
import { SectionLayout } from "../company/AreaSections";
import { CountsSection } from "../company/counts/CountsSection";
import { ProductsSection } from "../company/products/ProductsSection";
import { CompanyArea } from "../dashboard/CompanyGate";
import { AdminNav } from "./AdminNav";
import { CostsSection } from "./costs/CostsSection";
import { CustomersSection } from "./customers/CustomersSection";
import { DashboardSection } from "./dashboard/DashboardSection";
import { InventorySection } from "./inventory/InventorySection";
import { LocationsSection } from "./locations/LocationsSection";
import { NotificationsSection } from "./notifications/NotificationsSection";
import { ReportsSection } from "./reports/ReportsSection";
import { type AdminSection, SECTION_LABEL, SECTION_MODULE } from "./sections";
import { SettingsSection } from "./settings/SettingsSection";
import { TillSessionsSection } from "./till/TillSessionsSection";
import { usePendingCount } from "./usePendingCount";
import { UsersSection } from "./users/UsersSection";
import { WholesaleSection } from "./wholesale/WholesaleSection";

// The charts library is only downloaded when Análisis is opened.
const AnalyticsSection = lazy(() => import("./analytics/AnalyticsSection"));

type Props = { section: AdminSection; onNavigate: (section: AdminSection) => void };

/**
 * /administrador: the company administrator panel, one section at a time (spec 3 §2.1). A superuser
 * first chooses the company (CompanyGate).
 */
export function AdminArea(props: Props) {
  return (
    <CompanyArea title="Panel de Administración">
      <AdminPanel {...props} />
    </CompanyArea>
  );
}

function AdminPanel({ section, onNavigate }: Props) {
  const pending = usePendingCount();
  const modules = usePlanModules();
  const refreshPending = pending.refresh;
  // Each section change re-reads the badge, so it matches what Notificaciones is about to list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: section is the trigger.
  useEffect(() => refreshPending(), [section, refreshPending]);
  return (
    <SectionLayout
      nav={<AdminNav current={section} pending={pending.count} modules={modules} onSelect={onNavigate} />}
      title={SECTION_LABEL[section]}
    >
      {section === "dashboard" && <DashboardSection go={onNavigate} modules={modules} />}
      {section === "users" && <UsersSection />}
      {section === "customers" && <CustomersSection />}
      {section === "settings" && <SettingsSection />}
      {section === "till" && <TillSessionsSection />}
      {section === "products" && <ProductsSection />}
      {section === "inventory" && <InventorySection />}
      {section === "counts" && <CountsSection />}
      {section === "wholesale" && (
        <ModuleGate module={SECTION_MODULE.wholesale} modules={modules}>
          <WholesaleSection />
        </ModuleGate>
      )}
      {section === "costs" && <CostsSection />}
      {section === "locations" && <LocationsSection />}
      {section === "analytics" && (
        <Suspense fallback={<Spinner label="Cargando análisis..." />}>
          <AnalyticsSection />
        </Suspense>
      )}
      {section === "notifications" && <NotificationsSection onChanged={pending.refresh} />}
      {section === "reports" && <ReportsSection />}
    </SectionLayout>
  );
}
