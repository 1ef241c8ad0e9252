import { createFileRoute } from "@tanstack/react-router";
import { NotificationsSection } from "../../../features/admin/notifications/NotificationsSection";
import { refreshPendingCount } from "../../../features/admin/usePendingCount";

export const Route = createFileRoute("/_auth/administrador/notifications")({
  component: () => <NotificationsSection onChanged={refreshPendingCount} />,
});
