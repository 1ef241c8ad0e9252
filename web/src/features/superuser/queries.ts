import { superuserAdministradores } from "../../api/staff";
import {
  type CompanyFilter,
  companyMetrics,
  financialReport,
  getBoss,
  getCompanyWithBoss,
  globalMetrics,
  type InvoiceFilter,
  listCompanies,
  listCompanyInvoices,
  listInvoices,
  listPlans,
  listRegions,
  subscriptionHistory,
} from "../../api/superadmin";
import { loadCompanyBosses } from "./bosses/loadCompanyBosses";

const area = "superuser" as const;

type CompaniesShown = { search: string; status: NonNullable<CompanyFilter["status"]> };

/**
 * The console's reads, one per tab and filter (lib/query/spec.ts). Names are the resources a write
 * invalidates (mutations.ts); what follows `:` is the filter.
 */
export const superuserQueries = {
  overview: () => ({ area, name: "metrics:global", load: (signal: AbortSignal) => globalMetrics(signal) }),
  companies: (filter: CompaniesShown = { search: "", status: "all" }) => ({
    area,
    name: `companies:${filter.status}|${filter.search}`,
    load: (signal: AbortSignal) => listCompanies(filter, signal),
    keepWhileLoading: true,
  }),
  /** A company's usage and its boss, side by side in the metrics panel. */
  company: (companyId: number) => ({
    area,
    name: `company:${companyId}`,
    load: async (signal: AbortSignal) => {
      const [metrics, detail] = await Promise.all([
        companyMetrics(companyId, signal),
        getCompanyWithBoss(companyId, signal),
      ]);
      return { metrics, detail };
    },
  }),
  administradores: (companyId: number) => ({
    area,
    name: `administradores:${companyId}`,
    load: (signal: AbortSignal) => superuserAdministradores(companyId).list(signal),
  }),
  plans: (activeOnly = true) => ({
    area,
    name: `plans:${activeOnly ? "active" : "all"}`,
    load: (signal: AbortSignal) => listPlans(activeOnly, signal),
    keepWhileLoading: true,
  }),
  regions: () => ({ area, name: "regions", load: (signal: AbortSignal) => listRegions(signal) }),
  bosses: () => ({ area, name: "bosses", load: loadCompanyBosses }),
  boss: (companyId: number) => ({
    area,
    name: `boss:${companyId}`,
    load: (signal: AbortSignal) => getBoss(companyId, signal),
  }),
  subscriptionHistory: (companyId: number) => ({
    area,
    name: `subscription-history:${companyId}`,
    load: (signal: AbortSignal) => subscriptionHistory(companyId, signal),
  }),
  /** The list follows the filter (server-side, as the spec's calls); the summary covers the whole scope. */
  invoices: (company: number | undefined, status: InvoiceFilter) => ({
    area,
    name: `invoices:${company ?? "all"}|${status}`,
    load: async (signal: AbortSignal) => {
      const read = (filter: InvoiceFilter) =>
        company === undefined ? listInvoices(filter, signal) : listCompanyInvoices(company, filter, signal);
      const [all, shown] = await Promise.all([read("all"), status === "all" ? null : read(status)]);
      return { all, shown: shown ?? all };
    },
    keepWhileLoading: true,
  }),
  report: (start: string, end: string) => ({
    area,
    name: `report:${start}|${end}`,
    load: (signal: AbortSignal) => financialReport(start, end, signal),
  }),
};
