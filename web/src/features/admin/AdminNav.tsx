import { includes, type PlanModules } from "../../lib/planModules";
import { SectionNav } from "../../lib/ui/SectionNav";
import { ADMIN_SECTIONS, type AdminSection, SECTION_LABEL, SECTION_MODULE } from "./sections";

type Props = {
  current: AdminSection;
  pending: number | null;
  /** what the company's plan includes (null while unknown: gated sections stay hidden) */
  modules: PlanModules["modules"] | null;
  onSelect: (section: AdminSection) => void;
};

function CountBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="notifications-badge"
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums"
    >
      <span className="sr-only">Pendientes: </span>
      {count}
    </span>
  );
}

/** Sidebar on large screens, a sideways-scrolling tab strip on small ones (spec §2.1). */
export function AdminNav({ current, pending, modules, onSelect }: Props) {
  return (
    <SectionNav
      sections={ADMIN_SECTIONS.filter((section) => includes(modules, SECTION_MODULE[section]))}
      label={(section) => SECTION_LABEL[section]}
      current={current}
      onSelect={onSelect}
      badge={(section) =>
        section === "notifications" && pending !== null && pending > 0 ? <CountBadge count={pending} /> : null
      }
    />
  );
}
