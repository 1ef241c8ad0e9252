import { Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { usePlanModules } from "../../lib/planModules";
import { ModuleGate } from "../../lib/ui/ModuleGate";
import { SectionLayout } from "../company/AreaSections";
import { sectionAt, sectionPath } from "../company/sectionList";
import { CompanyArea } from "../dashboard/CompanyGate";
import { BossNav } from "./BossNav";
import { BOSS_AREA, type BossSection, SECTION_LABEL, SECTION_MODULE } from "./sections";

/** Where a section asks to go: its own URL (/boss, /boss/locations…), so back and reload work. */
export function useGoSection() {
  const navigate = useNavigate();
  return (section: BossSection) => void navigate({ to: sectionPath("/boss", section) });
}

/** /boss: the executive panel, one section (a child route) at a time. Read-only except creating locations and administradores. */
export function BossArea() {
  return (
    <CompanyArea title="Panel Ejecutivo">
      <BossPanel />
    </CompanyArea>
  );
}

function BossPanel() {
  const modules = usePlanModules();
  const section = sectionAt(BOSS_AREA, "/boss", useLocation({ select: (location) => location.pathname }));
  const go = useGoSection();
  return (
    <SectionLayout nav={<BossNav current={section} modules={modules} onSelect={go} />} title={SECTION_LABEL[section]}>
      <ModuleGate module={SECTION_MODULE[section]} modules={modules}>
        <Outlet />
      </ModuleGate>
    </SectionLayout>
  );
}
