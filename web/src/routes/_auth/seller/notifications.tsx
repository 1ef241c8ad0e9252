import { createFileRoute } from "@tanstack/react-router";
import { NotificationsView } from "../../../features/notices/NotificationsView";

export const Route = createFileRoute("/_auth/seller/notifications")({ component: NotificationsView });
