import { useAtomValue } from "jotai";
import { type Answer, api, call, withSignal } from "../api/http";
import { sessionAtom } from "./session";
import { useAsync } from "./useAsync";

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

// one answer per session token, so moving between screens does not ask again
const answers = new Map<string, PlanModules>();

/**
 * What the signed-in company's plan includes: `null` while it is not known yet. When the answer
 * cannot be read (offline) every module counts as included; the server refuses what the plan lacks.
 */
export function usePlanModules(): PlanModules["modules"] | null {
  const token = useAtomValue(sessionAtom)?.token ?? "";
  const cached = answers.get(token);
  const { state } = useAsync(`plan-modules:${token}`, async (signal) => {
    if (cached) return cached;
    const answer = await fetchPlanModules(signal);
    answers.set(token, answer);
    return answer;
  });
  if (cached) return cached.modules;
  if (state.status === "success") return state.data.modules;
  if (state.status === "error") return { mayoreo: true, reportes_avanzados: true };
  return null;
}

/** Whether a module is to be shown: only once the plan is known to include it. */
export function includes(modules: PlanModules["modules"] | null, module: PlanModule | undefined): boolean {
  if (module === undefined) return true;
  return modules?.[module] === true;
}
