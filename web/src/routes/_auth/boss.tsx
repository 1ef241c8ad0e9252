import { createFileRoute } from "@tanstack/react-router";
import { BossArea } from "../../features/boss/BossArea";
import { parseBossSearch } from "../../features/boss/sections";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/boss")({
  beforeLoad: ({ context }) => requireArea(context, "/boss"),
  validateSearch: parseBossSearch,
  component: BossPage,
});

function BossPage() {
  const { section } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BossArea
      section={section ?? "dashboard"}
      onNavigate={(next) => void navigate({ search: next === "dashboard" ? {} : { section: next } })}
    />
  );
}
