import { createFileRoute } from "@tanstack/react-router";
import { AvailableTab } from "../../../features/courier/AvailableTab";

export const Route = createFileRoute("/_auth/runner/")({ component: AvailableTab });
