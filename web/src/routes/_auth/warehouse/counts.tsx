import { createFileRoute } from "@tanstack/react-router";
import { CountsSection } from "../../../features/company/counts/CountsSection";

export const Route = createFileRoute("/_auth/warehouse/counts")({ component: CountsSection });
