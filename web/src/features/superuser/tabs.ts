import * as v from "valibot";
import { sectionsOf } from "../company/sectionList";

/** The console's eight tabs in the spec's order (spec 2 §2; design §5: all eight). */
export const TAB_LABEL = {
  overview: "Dashboard",
  companies: "Empresas",
  bosses: "Usuarios Boss",
  subscriptions: "Suscripciones",
  invoices: "Facturas",
  plans: "Planes",
  reports: "Reportes",
  setup: "Configuración Inicial",
};
export type SuperuserTab = keyof typeof TAB_LABEL;
export const SUPERUSER_TABS = sectionsOf(TAB_LABEL);

/**
 * Each tab is a route below /superuser (routes/_auth/superuser/); on the companies tab the company
 * whose metrics are open, on the invoices tab the company whose invoices are listed, are ?company=.
 * `tab` is only read from old links (/superuser?tab=plans), which open the tab's route.
 */
export type SuperuserSearch = { tab?: SuperuserTab; company?: number };
/** What a tab's route keeps in its search. */
export type CompanySearch = { company?: number };

const TabParam = v.fallback(v.optional(v.picklist(SUPERUSER_TABS)), undefined);
const CompanyParam = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))),
  undefined,
);

/** validateSearch of /superuser: unknown values fall back to the dashboard instead of an error page. */
export function parseSuperuserSearch(search: Record<string, unknown>): SuperuserSearch {
  const tab = v.parse(TabParam, search.tab);
  const company = v.parse(CompanyParam, search.company);
  const result: SuperuserSearch = {};
  if (tab && tab !== "overview") result.tab = tab;
  if (company !== undefined && (tab === "companies" || tab === "invoices")) result.company = company;
  return result;
}

/** validateSearch of the companies and invoices tabs: the company chosen, if any. */
export function parseCompanySearch(search: Record<string, unknown>): CompanySearch {
  const company = v.parse(CompanyParam, search.company);
  return company === undefined ? {} : { company };
}

/** The URL of a tab: the dashboard is /superuser itself, the others below it (/superuser/plans). */
export const tabPath = (tab: SuperuserTab) => (tab === "overview" ? "/superuser" : `/superuser/${tab}`);

/** The tab a path shows (none below /superuser: the dashboard). */
export function tabAt(pathname: string): SuperuserTab {
  const segment = pathname.slice("/superuser".length).split("/")[1];
  return SUPERUSER_TABS.find((tab) => tab === segment) ?? "overview";
}

/** Where a tab asks to go; the area turns it into a URL change. */
export type GoTab = (tab: SuperuserTab, options?: { company?: number | undefined; replace?: boolean }) => void;
