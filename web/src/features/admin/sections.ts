import { sectionSearch } from "../../lib/guards";
import type { PlanModule } from "../../lib/planModules";

/** Sections of the admin panel (spec 3 §2.1), kept in the URL (?section=...) so back and reload work. */
export const ADMIN_SECTIONS = [
  "dashboard",
  "users",
  "products",
  "inventory",
  "wholesale",
  "costs",
  "locations",
  "analytics",
  "notifications",
  "reports",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const SECTION_LABEL: Record<AdminSection, string> = {
  dashboard: "Dashboard",
  users: "Usuarios",
  products: "Productos",
  inventory: "Inventario",
  wholesale: "Mayoreo",
  costs: "Costos",
  locations: "Ubicaciones",
  analytics: "Análisis",
  notifications: "Notificaciones",
  reports: "Reportes",
};

/** Sections that belong to a plan module: hidden (and not opened) when the company's plan leaves it out. */
export const SECTION_MODULE: Partial<Record<AdminSection, PlanModule>> = {
  wholesale: "mayoreo",
};

export type AdminSearch = { section?: AdminSection };

/** validateSearch of /administrador. */
export const parseAdminSearch = sectionSearch(ADMIN_SECTIONS);

/** Where a section asks to go; the area turns it into a URL change. */
export type GoSection = (section: AdminSection) => void;
