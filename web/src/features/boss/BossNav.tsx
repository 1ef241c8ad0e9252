import { useEffect, useRef } from "react";
import { includes, type PlanModules } from "../../lib/planModules";
import { BOSS_SECTIONS, type BossSection, SECTION_LABEL, SECTION_MODULE } from "./sections";

type Props = {
  current: BossSection;
  /** what the company's plan includes (null while unknown: gated sections stay hidden) */
  modules: PlanModules["modules"] | null;
  onSelect: (section: BossSection) => void;
};

/** Sidebar on large screens, a sideways-scrolling tab strip on phones (same pattern as the admin panel). */
export function BossNav({ current, modules, onSelect }: Props) {
  const activeRef = useRef<HTMLButtonElement>(null);
  // On phones the strip scrolls sideways: keep the current section's tab in view (e.g. after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger; the ref moves with it.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav aria-label="Secciones del panel">
      <ul className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:overflow-visible lg:border-0 lg:px-0 lg:pb-0">
        {BOSS_SECTIONS.filter((section) => includes(modules, SECTION_MODULE[section])).map((section) => {
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
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
