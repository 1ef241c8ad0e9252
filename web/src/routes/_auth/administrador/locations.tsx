import { createFileRoute } from "@tanstack/react-router";
import { LocationsSection } from "../../../features/admin/locations/LocationsSection";
import { adminQueries } from "../../../features/admin/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/locations")({
  loader: () => preload(adminQueries.locations()),
  component: LocationsSection,
});
