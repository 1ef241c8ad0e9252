import { useId } from "react";
import { inputClass, labelClass } from "./classes";

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** one-tap reasons shown under the field */
  suggestions: readonly string[];
};

/** A short reason typed or picked from suggestions (cancelling, declining a request). */
export function ReasonField({ label, value, onChange, suggestions }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} value={value} maxLength={300} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      <div className="mt-2 flex flex-wrap gap-2">
        {suggestions.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => onChange(r)}
            className="rounded-full border border-stone-300 px-3 py-1 text-xs font-semibold text-stone-700"
          >
            {r}
          </button>
        ))}
      </div>
    </div>
  );
}
