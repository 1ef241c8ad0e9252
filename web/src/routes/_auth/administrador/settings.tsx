import { createFileRoute } from "@tanstack/react-router";
import { adminQueries } from "../../../features/admin/queries";
import { SettingsSection } from "../../../features/admin/settings/SettingsSection";
import { preload } from "../../../lib/query/spec";

export const Route = createFileRoute("/_auth/administrador/settings")({
  loader: () => preload(adminQueries.settings()),
  component: SettingsSection,
});
