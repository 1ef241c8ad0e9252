import type { AreaRoute } from "../../lib/roles";
import { AreaIntro } from "./AreaIntro";
import { AREAS } from "./areas";
import { DashboardShell } from "./DashboardShell";

export function AreaPage({ route }: { route: AreaRoute }) {
  const area = AREAS[route];
  return (
    <DashboardShell title={area.title}>
      <AreaIntro items={area.items}>{area.intro}</AreaIntro>
    </DashboardShell>
  );
}
