import type { ReactNode } from "react";

type Tone = "stone" | "orange" | "green" | "amber" | "red";
type Props = { label: string; value: ReactNode; detail?: ReactNode; tone?: Tone; testId?: string };

const ACCENT: Record<Tone, string> = {
  stone: "border-l-stone-400",
  orange: "border-l-orange-600",
  green: "border-l-green-600",
  amber: "border-l-amber-500",
  red: "border-l-red-600",
};

/** A labelled figure with a short detail line below. */
export function StatCard({ label, value, detail, tone = "stone", testId }: Props) {
  return (
    <div
      data-testid={testId}
      className={`min-w-0 rounded-xl border border-l-4 border-stone-200 bg-white p-3 shadow-sm sm:p-4 ${ACCENT[tone]}`}
    >
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p className="mt-1 text-xl font-bold tracking-tight break-words text-stone-900 tabular-nums sm:text-2xl">
        {value}
      </p>
      {detail && <p className="mt-1 text-sm text-stone-600">{detail}</p>}
    </div>
  );
}
