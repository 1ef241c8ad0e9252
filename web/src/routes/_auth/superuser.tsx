import { createFileRoute } from "@tanstack/react-router";
import { SuperuserArea } from "../../features/superuser/SuperuserArea";
import { parseSuperuserSearch } from "../../features/superuser/tabs";
import { requireArea } from "../../lib/guards";

export const Route = createFileRoute("/_auth/superuser")({
  beforeLoad: ({ context }) => requireArea(context, "/superuser"),
  validateSearch: parseSuperuserSearch,
  component: SuperuserPage,
});

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
