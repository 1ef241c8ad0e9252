import { useEffect, useRef } from "react";
import { includes, type PlanModules } from "../../lib/planModules";
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
  const activeRef = useRef<HTMLButtonElement>(null);
  // On phones the strip scrolls sideways: keep the current section's tab in view (e.g. after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger; the ref moves with it.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current]);
  const badge = (section: AdminSection) =>
    section === "notifications" && pending !== null && pending > 0 ? <CountBadge count={pending} /> : null;
  return (
    <nav aria-label="Secciones del panel">
      <ul className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:overflow-visible lg:border-0 lg:px-0 lg:pb-0">
        {ADMIN_SECTIONS.filter((section) => includes(modules, SECTION_MODULE[section])).map((section) => {
          const active = section === current;
          return (
            <li key={section} className="shrink-0">
              <button
                ref={active ? activeRef : undefined}
                type="button"
                aria-current={active ? "page" : undefined}
                onClick={() => onSelect(section)}
                className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap lg:py-2.5 ${
                  active
                    ? "bg-stone-900 text-white"
                    : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 lg:bg-transparent lg:ring-0"
                }`}
              >
                {SECTION_LABEL[section]}
                {badge(section)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
