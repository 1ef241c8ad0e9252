import { createFileRoute, redirect } from "@tanstack/react-router";
import { SuperuserArea } from "../../features/superuser/SuperuserArea";
import { parseSuperuserSearch, tabPath } from "../../features/superuser/tabs";
import { requireArea } from "../../lib/guards";

/** The console's frame; each tab is a child route (superuser/*.tsx). */
export const Route = createFileRoute("/_auth/superuser")({
  validateSearch: parseSuperuserSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/superuser");
    // links from before tabs were routes (/superuser?tab=invoices&company=3) open the tab's own URL
    if (search.tab) {
      const company = search.company === undefined ? "" : `?company=${search.company}`;
      throw redirect({ href: `${tabPath(search.tab)}${company}`, replace: true });
    }
  },
  component: SuperuserArea,
});
