import { useEffect, useRef } from "react";
import { SUPERUSER_TABS, type SuperuserTab, TAB_LABEL } from "./tabs";

type Props = { current: SuperuserTab; onSelect: (tab: SuperuserTab) => void };

/** The eight tabs in one row; on a phone the row scrolls sideways and keeps the open tab in view. */
export function TabBar({ current, onSelect }: Props) {
  const activeRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger; the ref follows it.
  useEffect(() => {
    // scrollIntoView is missing in some test DOMs; the tab bar works without it.
    activeRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current]);

  return (
    <nav aria-label="Secciones del panel" className="-mx-4 mb-5 border-b border-stone-200 sm:mx-0">
      <div role="tablist" className="flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0">
        {SUPERUSER_TABS.map((tab) => {
          const active = tab === current;
          return (
            <button
              key={tab}
              ref={active ? activeRef : undefined}
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => onSelect(tab)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap ${
                active
                  ? "border-orange-600 text-stone-900"
                  : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900"
              }`}
            >
              {TAB_LABEL[tab]}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
