import { sectionSearch } from "../../lib/guards";
import type { PlanModule } from "../../lib/planModules";

/** Sections of the boss panel (spec 3 §2.2), kept in the URL (?section=...) so back and reload work. */
export const BOSS_SECTIONS = [
  "dashboard",
  "locations",
  "staff",
  "inventory",
  "financial",
  "sales",
  "analytics",
] as const;
export type BossSection = (typeof BOSS_SECTIONS)[number];

export const SECTION_LABEL: Record<BossSection, string> = {
  dashboard: "Dashboard",
  locations: "Ubicaciones",
  staff: "Personal",
  inventory: "Inventario consolidado",
  financial: "Análisis financiero",
  sales: "Reportes de ventas",
  analytics: "Tendencias",
};

/** Sections that belong to a plan module: hidden (and not opened) when the company's plan leaves it out. */
export const SECTION_MODULE: Partial<Record<BossSection, PlanModule>> = {
  financial: "reportes_avanzados",
  sales: "reportes_avanzados",
  analytics: "reportes_avanzados",
};

export type BossSearch = { section?: BossSection };

/** validateSearch of /boss. */
export const parseBossSearch = sectionSearch(BOSS_SECTIONS);

/** Where a section asks to go; the area turns it into a URL change. */
export type GoSection = (section: BossSection) => void;
