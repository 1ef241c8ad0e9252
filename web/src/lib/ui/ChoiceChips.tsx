import { type ReactNode, useId } from "react";
import { errorText } from "./classes";

export type Choice<T extends string> = { value: T; label: ReactNode; hint?: ReactNode };

type Props<T extends string> = {
  legend: ReactNode;
  value: T | null;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /**
   * Grid columns on a phone (the choices wrap into rows); "fit": each as wide as its words, sharing the row;
   * "stack": one a row on a phone, two side by side from a small tablet (choices of a few words).
   */
  columns?: 1 | 2 | 3 | 4 | "fit" | "stack";
  error?: string | undefined;
  /** Hides the legend (still read out) when a card's title already says it. */
  hideLegend?: boolean;
};

const LAYOUT = {
  1: "grid grid-cols-1",
  2: "grid grid-cols-2",
  3: "grid grid-cols-3",
  // short values (shoe sizes): four to a phone's row, more on a wider screen
  4: "grid grid-cols-4 sm:grid-cols-6",
  // a long word ('Transferencia') keeps its chip wide enough; the row wraps on a narrow phone
  fit: "flex flex-wrap",
  stack: "grid grid-cols-1 sm:grid-cols-2",
} as const;

/**
 * One choice among a few, as large tappable chips (radio buttons underneath: arrows move between
 * them and a screen reader names the group and the choice).
 */
export function ChoiceChips<T extends string>({
  legend,
  value,
  choices,
  onChange,
  columns = 2,
  error,
  hideLegend = false,
}: Props<T>) {
  const name = useId();
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? "sr-only" : "mb-1 block text-sm font-medium text-stone-700"}>{legend}</legend>
      <div className={`gap-2 ${LAYOUT[columns]}`}>
        {choices.map((c) => (
          <label key={c.value} className={`relative block cursor-pointer ${columns === "fit" ? "flex-auto" : ""}`}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="peer sr-only"
            />
            <span
              className={`flex min-h-11 flex-col items-center justify-center rounded-lg border border-stone-300 bg-white ${columns === 4 ? "px-1" : "px-3"} py-2 text-center text-sm font-semibold text-stone-800 shadow-sm peer-checked:border-orange-600 peer-checked:bg-orange-50 peer-checked:text-orange-900 peer-checked:ring-2 peer-checked:ring-orange-600/30 peer-focus-visible:outline-2 peer-focus-visible:outline-orange-600`}
            >
              {c.label}
              {c.hint && (
                <span
                  className={`mt-0.5 block text-xs font-normal text-stone-600 ${columns === 4 ? "whitespace-nowrap" : ""}`}
                >
                  {c.hint}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && <p className={errorText}>{error}</p>}
    </fieldset>
  );
}
