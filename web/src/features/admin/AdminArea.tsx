import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { usePlanModules } from "../../lib/planModules";
import { ModuleGate } from "../../lib/ui/ModuleGate";
import { SectionLayout } from "../company/AreaSections";
import { sectionAt, sectionPath } from "../company/sectionList";
import { CompanyArea } from "../dashboard/CompanyGate";
import { AdminNav } from "./AdminNav";
import { ADMIN_AREA, type AdminSection, SECTION_LABEL, SECTION_MODULE } from "./sections";
import { refreshPendingCount, usePendingCount } from "./usePendingCount";

/** Where a section asks to go: its own URL (/administrador, /administrador/users…), so back and reload work. */
export function useGoSection() {
  const navigate = useNavigate();
  return (section: AdminSection) => void navigate({ to: sectionPath("/administrador", section) });
}

/**
 * /administrador: the company administrator panel, one section (a child route) at a time. A superuser
 * first chooses the company (CompanyGate).
 */
export function AdminArea() {
  return (
    <CompanyArea title="Panel de Administración">
      <AdminPanel />
    </CompanyArea>
  );
}

function AdminPanel() {
  const pending = usePendingCount();
  const modules = usePlanModules();
  const section = sectionAt(ADMIN_AREA, "/administrador", useLocation({ select: (location) => location.pathname }));
  const go = useGoSection();
  // Each section change re-reads the badge, so it matches what Notificaciones is about to list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: section is the trigger.
  useEffect(() => refreshPendingCount(), [section]);
  return (
    <SectionLayout
      nav={<AdminNav current={section} pending={pending} modules={modules} onSelect={go} />}
      title={SECTION_LABEL[section]}
    >
      <ModuleGate module={SECTION_MODULE[section]} modules={modules}>
        <Outlet />
      </ModuleGate>
    </SectionLayout>
  );
}
