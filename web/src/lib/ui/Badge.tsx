import type { ReactNode } from "react";

const TONE = {
  stone: "bg-stone-100 text-stone-700 ring-stone-500/20",
  green: "bg-green-100 text-green-800 ring-green-600/20",
  amber: "bg-amber-100 text-amber-900 ring-amber-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  sky: "bg-sky-100 text-sky-800 ring-sky-600/20",
  violet: "bg-violet-100 text-violet-800 ring-violet-600/20",
  orange: "bg-orange-100 text-orange-800 ring-orange-600/20",
} as const;

/** The same colours by meaning (status badges of the admin panel). */
const MEANING = { success: "green", warning: "amber", error: "red", neutral: "stone", info: "sky" } as const;

export type BadgeTone = keyof typeof TONE | keyof typeof MEANING;

/** A small rounded label (status, priority, purpose, pickup). */
export function Badge({
  tone = "stone",
  children,
  testId,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  testId?: string;
}) {
  const colour = tone in MEANING ? MEANING[tone as keyof typeof MEANING] : (tone as keyof typeof TONE);
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[colour]}`}
    >
      {children}
    </span>
  );
}
