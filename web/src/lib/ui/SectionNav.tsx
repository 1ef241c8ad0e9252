import { type ReactNode, useEffect, useRef } from "react";

type Props<S extends string> = {
  sections: readonly S[];
  label: (section: S) => string;
  current: S;
  onSelect: (section: S) => void;
  /** Something after a section's name (a pending count). */
  badge?: (section: S) => ReactNode;
};

/** Sidebar on large screens, a sideways-scrolling tab strip on phones (admin and boss panels). */
export function SectionNav<S extends string>({ sections, label, current, onSelect, badge }: Props<S>) {
  const activeRef = useRef<HTMLButtonElement>(null);
  // On phones the strip scrolls sideways: keep the current section's tab in view (e.g. after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger; the ref moves with it.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav aria-label="Secciones del panel">
      <ul className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:overflow-visible lg:border-0 lg:px-0 lg:pb-0">
        {sections.map((section) => {
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
                {label(section)}
                {badge?.(section)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
