import { useEffect, useRef } from "react";

export type TabItem<T extends string> = { id: T; label: string; count?: number };

type Props<T extends string> = {
  tabs: readonly TabItem<T>[];
  current: T;
  onChange: (tab: T) => void;
  label: string;
  /** Phones get a dropdown instead of the strip (the seller's transfers view). */
  dropdownOnPhone?: boolean;
};

function text<T extends string>(tab: TabItem<T>): string {
  return tab.count === undefined ? tab.label : `${tab.label} (${tab.count})`;
}

/** Tabs as a scrollable strip (the current one kept in view), or a select on phones when asked. */
export function TabBar<T extends string>({ tabs, current, onChange, label, dropdownOnPhone = false }: Props<T>) {
  const currentRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger; the ref follows it.
  useEffect(() => {
    // scrollIntoView is missing in some test DOMs; the tab bar works without it.
    currentRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <div>
      {dropdownOnPhone && (
        <label className="block sm:hidden">
          <span className="sr-only">{label}</span>
          <select
            value={current}
            onChange={(e) => onChange(e.target.value as T)}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-3 text-base font-semibold text-stone-900 shadow-sm"
          >
            {tabs.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {text(tab)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div
        role="tablist"
        aria-label={label}
        className={`${dropdownOnPhone ? "hidden sm:flex" : "flex"} gap-1 overflow-x-auto rounded-xl border border-stone-200 bg-white p-1 shadow-sm`}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={selected ? currentRef : undefined}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => onChange(tab.id)}
              className={`shrink-0 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                selected ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100"
              }`}
            >
              {text(tab)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
