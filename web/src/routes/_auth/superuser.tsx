import { createFileRoute } from "@tanstack/react-router";
import { SuperuserArea } from "../../features/superuser/SuperuserArea";
import { parseSuperuserSearch, tabPath } from "../../features/superuser/tabs";
import { requireAreaOpening } from "../../lib/guards";

/** The console's frame; each tab is a child route (superuser/*.tsx). */
export const Route = createFileRoute("/_auth/superuser")({
  validateSearch: parseSuperuserSearch,
  // links from before tabs were routes (/superuser?tab=invoices&company=3) open the tab's own URL
  beforeLoad: requireAreaOpening("/superuser", ({ tab, company }) =>
    tab ? `${tabPath(tab)}${company === undefined ? "" : `?company=${company}`}` : null,
  ),
  component: SuperuserArea,
});
