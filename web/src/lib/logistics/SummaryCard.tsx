import type { ReactNode } from "react";
import { ACCENT } from "../ui/StatCard";

type Props = { label: string; value: ReactNode; detail?: ReactNode; tone?: keyof typeof ACCENT; testId?: string };

/** A labelled figure with a short detail line below. */
export function SummaryCard({ label, value, detail, tone = "stone", testId }: Props) {
  // Long figures (money) get a smaller size so they stay on one line in a phone's half-width card.
  const long = typeof value === "string" && value.length > 10;
  return (
    <div className={`rounded-xl border border-l-4 border-stone-200 bg-white p-3 shadow-sm ${ACCENT[tone]}`}>
      <p className="text-xs font-medium text-stone-600 sm:text-sm">{label}</p>
      <p
        data-testid={testId}
        className={`mt-1 font-bold tracking-tight break-words text-stone-900 tabular-nums ${long ? "text-lg sm:text-xl" : "text-xl sm:text-2xl"}`}
      >
        {value}
      </p>
      {detail && <p className="mt-0.5 text-xs text-stone-600 sm:text-sm">{detail}</p>}
    </div>
  );
}
