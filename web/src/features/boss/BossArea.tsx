import { lazy, Suspense } from "react";
import { usePlanModules } from "../../lib/planModules";
import { ModuleGate } from "../../lib/ui/ModuleGate";
import { Spinner } from "../../lib/ui/Spinner";
import { SectionLayout } from "../company/AreaSections";
import { CountsSection } from "../company/counts/CountsSection";
import { ProductsSection } from "../company/products/ProductsSection";
import { CompanyArea } from "../dashboard/CompanyGate";
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
    <CompanyArea title="Panel Ejecutivo">
      <BossPanel {...props} />
    </CompanyArea>
  );
}

function BossPanel({ section, onNavigate }: Props) {
  const modules = usePlanModules();
  return (
    <SectionLayout
      nav={<BossNav current={section} modules={modules} onSelect={onNavigate} />}
      title={SECTION_LABEL[section]}
    >
      {section === "dashboard" && <DashboardSection go={onNavigate} modules={modules} />}
      {section === "locations" && <LocationsSection />}
      {section === "staff" && <StaffSection />}
      {section === "products" && <ProductsSection canEdit={false} />}
      {section === "counts" && <CountsSection canWrite={false} />}
      <Suspense fallback={<Spinner label="Cargando sección..." />}>
        <ModuleGate module={SECTION_MODULE[section]} modules={modules}>
          {section === "inventory" && <InventorySection />}
          {section === "financial" && <FinancialSection />}
          {section === "sales" && <SalesSection />}
          {section === "analytics" && <AnalyticsSection />}
        </ModuleGate>
      </Suspense>
    </SectionLayout>
  );
}
