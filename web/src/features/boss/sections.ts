import { sectionSearch } from "../../lib/guards";
import { type AreaSections, areaOf } from "../company/sectionList";

/** Sections of the boss panel (spec 3 §2.2) in order, each a route below /boss (routes/_auth/boss/). */
export const SECTION_LABEL = {
  dashboard: "Dashboard",
  locations: "Ubicaciones",
  staff: "Personal",
  products: "Catálogo",
  inventory: "Inventario consolidado",
  counts: "Conteos",
  financial: "Análisis financiero",
  sales: "Reportes de ventas",
  analytics: "Tendencias",
};
export type BossSection = keyof typeof SECTION_LABEL;

/** Sections that belong to a plan module: hidden (and not opened) when the company's plan leaves it out. */
export const SECTION_MODULE: AreaSections<BossSection>["modules"] = {
  financial: "reportes_avanzados",
  sales: "reportes_avanzados",
  analytics: "reportes_avanzados",
};

export const BOSS_AREA = areaOf(SECTION_LABEL, SECTION_MODULE);

/** validateSearch of /boss: the old links (?section=…) are read to send them to the section's route. */
export const parseBossSearch = sectionSearch(BOSS_AREA.sections);

/** Where a section asks to go; the area turns it into a URL change. */
export type GoSection = (section: BossSection) => void;
