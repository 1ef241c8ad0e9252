import { type Answer, api, call, withSignal } from "../api/http";
import { useRemoteData } from "./query/useRemoteData";

/** GET /api/v1/plan/modules: which modules the company's plan includes. */
export type PlanModules = Answer<typeof api.plan.modules.$get>;
export type PlanModule = keyof PlanModules["modules"];

export const MODULE_LABEL: Record<PlanModule, string> = {
  mayoreo: "mayoreo",
  reportes_avanzados: "reportes avanzados",
};

/** The server's text for a module the plan leaves out. */
export function moduleNotIncluded(module: PlanModule): string {
  return `Tu plan no incluye el módulo de ${MODULE_LABEL[module]}`;
}

export function fetchPlanModules(signal?: AbortSignal) {
  return call(api.plan.modules.$get(undefined, withSignal(signal)));
}

/** Asked once per signed-in account and company: a plan changes rarely, and the server has the last word. */
export const planModulesQuery = () => ({
  area: "admin" as const,
  name: "plan-modules",
  load: fetchPlanModules,
  freshForMs: Number.POSITIVE_INFINITY,
});

/**
 * What the signed-in company's plan includes: `null` while it is not known yet. When the answer
 * cannot be read (offline) every module counts as included; the server refuses what the plan lacks.
 */
export function usePlanModules(): PlanModules["modules"] | null {
  const remote = useRemoteData(planModulesQuery());
  if (remote.data) return remote.data.modules;
  if (remote.error) return { mayoreo: true, reportes_avanzados: true };
  return null;
}

/** Whether a module is to be shown: only once the plan is known to include it. */
export function includes(modules: PlanModules["modules"] | null, module: PlanModule | undefined): boolean {
  if (module === undefined) return true;
  return modules?.[module] === true;
}
