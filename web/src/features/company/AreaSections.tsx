import type { ReactNode } from "react";
import { includes, type PlanModules } from "../../lib/planModules";
import { SectionNav } from "../../lib/ui/SectionNav";
import type { AreaSections } from "./sectionList";

type NavProps<S extends string> = {
  area: AreaSections<S>;
  current: S;
  /** what the company's plan includes (null while unknown: gated sections stay hidden) */
  modules: PlanModules["modules"] | null;
  onSelect: (section: S) => void;
  badge?: (section: S) => ReactNode;
};

/** The sections the company's plan includes: a sidebar on large screens, a tab strip on phones. */
export function PlanSectionNav<S extends string>({ area, modules, ...nav }: NavProps<S>) {
  const shown = area.sections.filter((section) => includes(modules, area.modules[section]));
  return <SectionNav sections={shown} label={(section) => area.labels[section]} {...nav} />;
}

/** The area's navigation beside the current section, under the section's title. */
export function SectionLayout({ nav, title, children }: { nav: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[12.5rem_minmax(0,1fr)] lg:items-start lg:gap-6">
      <aside>{nav}</aside>
      <div className="mt-4 min-w-0 lg:mt-0">
        <h2 className="mb-4 text-xl font-bold tracking-tight text-stone-900">{title}</h2>
        {children}
      </div>
    </div>
  );
}
