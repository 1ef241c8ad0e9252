import { createFileRoute } from "@tanstack/react-router";
import { LocationsSection } from "../../../features/boss/locations/LocationsSection";
import { bossQueries } from "../../../features/boss/queries";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/boss/locations")({
  loader: () => preload(bossQueries.locations()),
  component: LocationsSection,
});
