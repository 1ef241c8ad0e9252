import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionsTab } from "../../../features/superuser/subscriptions/SubscriptionsTab";

export const Route = createFileRoute("/_auth/superuser/subscriptions")({
  component: SubscriptionsTab,
});
