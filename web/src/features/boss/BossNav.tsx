import { includes, type PlanModules } from "../../lib/planModules";
import { SectionNav } from "../../lib/ui/SectionNav";
import { BOSS_SECTIONS, type BossSection, SECTION_LABEL, SECTION_MODULE } from "./sections";

type Props = {
  current: BossSection;
  /** what the company's plan includes (null while unknown: gated sections stay hidden) */
  modules: PlanModules["modules"] | null;
  onSelect: (section: BossSection) => void;
};

/** The boss panel's sections the plan includes (same pattern as the admin panel). */
export function BossNav({ current, modules, onSelect }: Props) {
  return (
    <SectionNav
      sections={BOSS_SECTIONS.filter((section) => includes(modules, SECTION_MODULE[section]))}
      label={(section) => SECTION_LABEL[section]}
      current={current}
      onSelect={onSelect}
    />
  );
}
