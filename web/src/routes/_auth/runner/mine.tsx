import { createFileRoute } from "@tanstack/react-router";
import { MineTab } from "../../../features/courier/MineTab";

export const Route = createFileRoute("/_auth/runner/mine")({ component: MineTab });
