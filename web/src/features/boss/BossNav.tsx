import type { ComponentProps } from "react";
import { PlanSectionNav } from "../company/AreaSections";
import { BOSS_AREA, type BossSection } from "./sections";

/** The boss panel's sections the plan includes (same pattern as the admin panel). */
export function BossNav(props: Omit<ComponentProps<typeof PlanSectionNav<BossSection>>, "area">) {
  return <PlanSectionNav area={BOSS_AREA} {...props} />;
}
