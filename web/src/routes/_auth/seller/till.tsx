import { createFileRoute } from "@tanstack/react-router";
import { TillView } from "../../../features/seller/TillView";

export const Route = createFileRoute("/_auth/seller/till")({ component: TillView });
