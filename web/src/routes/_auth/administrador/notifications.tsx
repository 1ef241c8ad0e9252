import { createFileRoute } from "@tanstack/react-router";
import { NotificationsSection } from "../../../features/admin/notifications/NotificationsSection";
import { useRefreshPendingCount } from "../../../features/admin/usePendingCount";

export const Route = createFileRoute("/_auth/administrador/notifications")({
  component: () => <NotificationsSection onChanged={useRefreshPendingCount()} />,
});
