import { createFileRoute } from "@tanstack/react-router";
import { CourierArea } from "../../features/courier/CourierPanel";
import { courierTabPath, parseCourierSearch } from "../../features/courier/tabs";
import { requireAreaOpening } from "../../lib/guards";

/** The courier's panel; each tab is a child route (runner/*.tsx). */
export const Route = createFileRoute("/_auth/runner")({
  validateSearch: parseCourierSearch,
  // links from before tabs were routes (/runner?tab=mine) open the tab's own URL
  beforeLoad: requireAreaOpening("/runner", ({ tab }) => (tab ? courierTabPath(tab) : null)),
  component: CourierArea,
});
