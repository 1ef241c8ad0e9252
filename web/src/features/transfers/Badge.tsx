import type { ReactNode } from "react";

const TONE = {
  stone: "bg-stone-100 text-stone-800 ring-stone-300",
  red: "bg-red-50 text-red-800 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  sky: "bg-sky-50 text-sky-800 ring-sky-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
} as const;

export type BadgeTone = keyof typeof TONE;

/** A small rounded label (priority, purpose, pickup, status). */
export function Badge({ tone = "stone", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[tone]}`}
    >
      {children}
    </span>
  );
}
