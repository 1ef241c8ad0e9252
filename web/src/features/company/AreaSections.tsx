import type { ReactNode } from "react";
import { includes, type PlanModule, type PlanModules } from "../../lib/planModules";
import { SectionNav } from "../../lib/ui/SectionNav";

/** An area's sections (admin, boss): their order, titles and the plan module a section needs. */
export type AreaSections<S extends string> = {
  sections: readonly [S, ...S[]];
  labels: Record<S, string>;
  modules: Partial<Record<S, PlanModule>>;
};

/** The URL of an area's section: the dashboard is the area's own path (/boss), the others below it (/boss/sales). */
export function sectionPath<S extends string>(base: string, section: S): string {
  return section === "dashboard" ? base : `${base}/${section}`;
}

/** The section a path of the area shows (its first segment below the area; none: the dashboard). */
export function sectionAt<S extends string>(area: AreaSections<S>, base: string, pathname: string): S {
  const segment = pathname.slice(base.length).split("/")[1];
  return area.sections.find((section) => section === segment) ?? area.sections[0];
}

/** The sections in order, read off their titles (one list to keep). */
export function sectionsOf<S extends string>(labels: Record<S, string>): [S, ...S[]] {
  return Object.keys(labels) as [S, ...S[]];
}

/** An area read off its section titles (in order) and the plan module of each gated section. */
export function areaOf<S extends string>(labels: Record<S, string>, modules: AreaSections<S>["modules"]) {
  return { sections: sectionsOf(labels), labels, modules };
}

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
