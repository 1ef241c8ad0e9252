import { createFileRoute } from "@tanstack/react-router";
import { NotificationsSection } from "../../../features/admin/notifications/NotificationsSection";

export const Route = createFileRoute("/_auth/administrador/notifications")({
  component: NotificationsSection,
});
