import { sectionSearch } from "../../lib/guards";
import { type AreaSections, areaOf } from "../company/sectionList";

/** Sections of the admin panel (spec 3 §2.1) in order, each a route below /administrador (routes/_auth/administrador/). */
export const SECTION_LABEL = {
  dashboard: "Dashboard",
  users: "Usuarios",
  customers: "Clientes",
  products: "Productos",
  inventory: "Inventario",
  counts: "Conteos",
  wholesale: "Mayoreo",
  purchasing: "Compras",
  restock: "Reposición",
  costs: "Costos",
  locations: "Ubicaciones",
  analytics: "Análisis",
  notifications: "Notificaciones",
  reports: "Reportes",
  till: "Cajas",
  settings: "Configuración",
  numbering: "Numeración DIAN",
  invoicing: "Facturación electrónica",
};
export type AdminSection = keyof typeof SECTION_LABEL;

/** Sections that belong to a plan module: hidden (and not opened) when the company's plan leaves it out. */
export const SECTION_MODULE: AreaSections<AdminSection>["modules"] = { wholesale: "mayoreo" };

export const ADMIN_AREA = areaOf(SECTION_LABEL, SECTION_MODULE);

/** validateSearch of /administrador: the old links (?section=…) are read to send them to the section's route. */
export const parseAdminSearch = sectionSearch(ADMIN_AREA.sections);

/** Where a section asks to go; the area turns it into a URL change. */
export type GoSection = (section: AdminSection) => void;
