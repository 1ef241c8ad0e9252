import { createFileRoute } from "@tanstack/react-router";
import { SuperuserArea } from "../../features/superuser/SuperuserArea";
import { parseSuperuserSearch } from "../../features/superuser/tabs";
import { areaRoute } from "../../lib/guards";

export const Route = createFileRoute("/_auth/superuser")(areaRoute("/superuser", parseSuperuserSearch, SuperuserPage));

function SuperuserPage() {
  const { tab, company } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SuperuserArea
      tab={tab ?? "overview"}
      company={company}
      onNavigate={(search, replace) => void navigate({ search, replace })}
    />
  );
}
