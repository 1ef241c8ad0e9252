import { costTypeLabel as adminCostTypeLabel } from "../company/costForm";

/**
 * Names of the financial analysis' cost groups: the admin's cost types, plus "gastos", which the
 * analysis adds for the expenses sellers register (worker/domain/reports/boss.ts financialAnalysis).
 */
export function costTypeLabel(type: string): string {
  return type === "gastos" ? "Gastos registrados" : adminCostTypeLabel(type);
}
