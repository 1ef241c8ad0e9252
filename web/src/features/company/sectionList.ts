import type { PlanModule } from "../../lib/planModules";

// Plain data about an area's sections, read by the routes at start-up (validateSearch, redirects):
// kept apart from the navigation's components so /login's start-up code does not carry them.

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
