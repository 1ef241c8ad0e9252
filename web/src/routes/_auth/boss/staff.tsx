import { createFileRoute } from "@tanstack/react-router";
import { StaffSection } from "../../../features/boss/staff/StaffSection";

export const Route = createFileRoute("/_auth/boss/staff")({
  component: StaffSection,
});
