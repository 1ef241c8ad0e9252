import { oneOfSearch } from "../../lib/guards";

/** Tabs of 'Panel de Corredor' (spec 3 §2.4), each a route below /runner (routes/_auth/runner/); ?tab= only in old links. */
export const COURIER_TABS = ["available", "mine", "orders", "history", "stats"] as const;
export type CourierTab = (typeof COURIER_TABS)[number];

/** validateSearch of /runner: an unknown tab falls back to 'Disponibles'. */
export const parseCourierSearch = oneOfSearch("tab", COURIER_TABS);

/** The URL of a tab: 'Disponibles' is /runner itself, the others below it (/runner/mine). */
export const courierTabPath = (tab: CourierTab) => (tab === "available" ? "/runner" : `/runner/${tab}`);
