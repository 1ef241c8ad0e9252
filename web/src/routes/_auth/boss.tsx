import { createFileRoute, redirect } from "@tanstack/react-router";
import { BossArea } from "../../features/boss/BossArea";
import { parseBossSearch } from "../../features/boss/sections";
import { sectionPath } from "../../features/company/sectionList";
import { requireArea } from "../../lib/guards";

/** The boss panel's frame; each section is a child route (boss/*.tsx). */
export const Route = createFileRoute("/_auth/boss")({
  validateSearch: parseBossSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/boss");
    // links from before sections were routes (/boss?section=sales) open the section's own URL
    if (search.section) throw redirect({ href: sectionPath("/boss", search.section), replace: true });
  },
  component: BossArea,
});
