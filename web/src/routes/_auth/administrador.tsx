import { createFileRoute } from "@tanstack/react-router";
import { AdminArea } from "../../features/admin/AdminArea";
import { parseAdminSearch } from "../../features/admin/sections";
import { sectionPath } from "../../features/company/sectionList";
import { requireAreaOpening } from "../../lib/guards";

/** The administrador panel's frame; each section is a child route (administrador/*.tsx). */
export const Route = createFileRoute("/_auth/administrador")({
  validateSearch: parseAdminSearch,
  // links from before sections were routes (/administrador?section=costs) open the section's own URL
  beforeLoad: requireAreaOpening("/administrador", ({ section }) =>
    section ? sectionPath("/administrador", section) : null,
  ),
  component: AdminArea,
});
