import { createFileRoute } from "@tanstack/react-router";
import { adminQueries } from "../../../features/admin/queries";
import { TillSessionsSection } from "../../../features/admin/till/TillSessionsSection";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/till")({
  loader: () => preload(adminQueries.tillSessions()),
  component: TillSessionsSection,
});
