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
  const stripRef = useRef<HTMLUListElement>(null);
  // On phones the strip scrolls sideways: keep the current section's tab in view (e.g. after a reload),
  // also when tabs before it grow or join after the first paint (a pending count's badge, a plan's
  // module), which would push the last tabs past the edge. Only the strip scrolls, never the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: current and the count are the triggers; the refs move with them.
  useEffect(() => {
    const strip = stripRef.current;
    const active = activeRef.current;
    if (!strip || !active) return;
    const keepInView = () => {
      const tab = active.getBoundingClientRect();
      const edges = strip.getBoundingClientRect();
      if (tab.right > edges.right) strip.scrollLeft += tab.right - edges.right;
      else if (tab.left < edges.left) strip.scrollLeft -= edges.left - tab.left;
    };
    keepInView();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(keepInView);
    for (const tab of strip.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [current, sections.length]);
  return (
    <nav aria-label="Secciones del panel">
      <ul
        ref={stripRef}
        className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:overflow-visible lg:border-0 lg:px-0 lg:pb-0"
      >
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
