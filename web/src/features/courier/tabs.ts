import * as v from "valibot";

/** Tabs of 'Panel de Corredor' (spec 3 §2.4), kept in ?tab=. */
export const RUNNER_TABS = ["available", "mine", "history", "stats"] as const;
export type RunnerTab = (typeof RUNNER_TABS)[number];

export type RunnerSearch = { tab?: RunnerTab };

const TabParam = v.fallback(v.optional(v.picklist(RUNNER_TABS)), undefined);

/** validateSearch of /runner: an unknown tab falls back to 'Disponibles'. */
export function parseRunnerSearch(search: Record<string, unknown>): RunnerSearch {
  const tab = v.parse(TabParam, search.tab);
  return tab ? { tab } : {};
}
