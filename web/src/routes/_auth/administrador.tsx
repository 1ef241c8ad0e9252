import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminArea } from "../../features/admin/AdminArea";
import { parseAdminSearch } from "../../features/admin/sections";
import { sectionPath } from "../../features/company/sectionList";
import { requireArea } from "../../lib/guards";

/** The administrador panel's frame; each section is a child route (administrador/*.tsx). */
export const Route = createFileRoute("/_auth/administrador")({
  validateSearch: parseAdminSearch,
  beforeLoad: ({ context, search }) => {
    requireArea(context, "/administrador");
    // links from before sections were routes (/administrador?section=costs) open the section's own URL
    if (search.section) throw redirect({ href: sectionPath("/administrador", search.section), replace: true });
  },
  component: AdminArea,
});
