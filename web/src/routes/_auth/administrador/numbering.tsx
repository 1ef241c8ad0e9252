import { createFileRoute } from "@tanstack/react-router";
import { NumberingSection } from "../../../features/admin/numbering/NumberingSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/numbering")({
  loader: () => preload(adminQueries.numberingRanges()),
  component: NumberingSection,
});
