import type { ReactNode } from "react";
import { labelClass } from "../../lib/ui/classes";

type Props = { label: string; htmlFor: string; hint?: ReactNode; children: ReactNode; className?: string };

/** A label above its control, with an optional hint below. */
export function Field({ label, htmlFor, hint, children, className = "" }: Props) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
    </div>
  );
}
