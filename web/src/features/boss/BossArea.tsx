import { lazy, Suspense } from "react";
import { usePlanModules } from "../../lib/planModules";
import { ModuleGate } from "../../lib/ui/ModuleGate";
import { Spinner } from "../../lib/ui/Spinner";
import { CompanyGate } from "../dashboard/CompanyGate";
import { DashboardShell } from "../dashboard/DashboardShell";
import { BossNav } from "./BossNav";
import { DashboardSection } from "./dashboard/DashboardSection";
import { LocationsSection } from "./locations/LocationsSection";
import { type BossSection, SECTION_LABEL, SECTION_MODULE } from "./sections";
import { StaffSection } from "./staff/StaffSection";

// The sections with charts bring recharts with them: only downloaded when one is opened.
const InventorySection = lazy(() => import("./inventory/InventorySection"));
const FinancialSection = lazy(() => import("./financial/FinancialSection"));
const SalesSection = lazy(() => import("./sales/SalesSection"));
const AnalyticsSection = lazy(() => import("./analytics/AnalyticsSection"));

type Props = { section: BossSection; onNavigate: (section: BossSection) => void };

/** /boss: the executive panel, one section at a time (spec 3 §2.2). Read-only except creating locations and administradores. */
export function BossArea(props: Props) {
  return (
    <DashboardShell title="Panel Ejecutivo">
      <CompanyGate>
        <BossPanel {...props} />
      </CompanyGate>
    </DashboardShell>
  );
}

function BossPanel({ section, onNavigate }: Props) {
  const modules = usePlanModules();
  return (
    <div className="lg:grid lg:grid-cols-[12.5rem_minmax(0,1fr)] lg:items-start lg:gap-6">
      <aside>
        <BossNav current={section} modules={modules} onSelect={onNavigate} />
      </aside>
      <div className="mt-4 min-w-0 lg:mt-0">
        <h2 className="mb-4 text-xl font-bold tracking-tight text-stone-900">{SECTION_LABEL[section]}</h2>
        {section === "dashboard" && <DashboardSection go={onNavigate} modules={modules} />}
        {section === "locations" && <LocationsSection />}
        {section === "staff" && <StaffSection />}
        <Suspense fallback={<Spinner label="Cargando sección..." />}>
          <ModuleGate module={SECTION_MODULE[section]} modules={modules}>
            {section === "inventory" && <InventorySection />}
            {section === "financial" && <FinancialSection />}
            {section === "sales" && <SalesSection />}
            {section === "analytics" && <AnalyticsSection />}
          </ModuleGate>
        </Suspense>
      </div>
    </div>
  );
}
