import { oneOfSearch } from "../../lib/guards";

/** Tabs of 'Panel de Corredor' (spec 3 §2.4), kept in ?tab=. */
export const RUNNER_TABS = ["available", "mine", "history", "stats"] as const;
export type RunnerTab = (typeof RUNNER_TABS)[number];

/** validateSearch of /runner: an unknown tab falls back to 'Disponibles'. */
export const parseRunnerSearch = oneOfSearch("tab", RUNNER_TABS);
