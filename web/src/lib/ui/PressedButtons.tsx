import type { ReactNode } from "react";

export type PressedOption<T extends string> = { value: T; label: ReactNode };

type Props<T extends string> = {
  /** The chosen value; none chosen yet when null. */
  value: T | null;
  options: readonly PressedOption<T>[];
  onChange: (value: T) => void;
  /** Each button's classes, chosen or not. */
  classOf: (chosen: boolean, value: T) => string;
};

/** One choice among a few as a row of toggle buttons, the chosen one pressed (its group's wrapper is the caller's). */
export function PressedButtons<T extends string>({ value, options, onChange, classOf }: Props<T>) {
  return options.map((o) => (
    <button
      key={o.value}
      type="button"
      aria-pressed={value === o.value}
      onClick={() => onChange(o.value)}
      className={classOf(value === o.value, o.value)}
    >
      {o.label}
    </button>
  ));
}
