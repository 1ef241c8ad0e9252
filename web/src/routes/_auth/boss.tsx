import { createFileRoute } from "@tanstack/react-router";
import { BossArea } from "../../features/boss/BossArea";
import { parseBossSearch } from "../../features/boss/sections";
import { areaRoute } from "../../lib/guards";

export const Route = createFileRoute("/_auth/boss")(areaRoute("/boss", parseBossSearch, BossPage));

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
