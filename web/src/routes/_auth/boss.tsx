import { createFileRoute } from "@tanstack/react-router";
import { BossArea } from "../../features/boss/BossArea";
import { parseBossSearch } from "../../features/boss/sections";
import { sectionPath } from "../../features/company/sectionList";
import { requireAreaOpening } from "../../lib/guards";

/** The boss panel's frame; each section is a child route (boss/*.tsx). */
export const Route = createFileRoute("/_auth/boss")({
  validateSearch: parseBossSearch,
  // links from before sections were routes (/boss?section=sales) open the section's own URL
  beforeLoad: requireAreaOpening("/boss", ({ section }) => (section ? sectionPath("/boss", section) : null)),
  component: BossArea,
});
