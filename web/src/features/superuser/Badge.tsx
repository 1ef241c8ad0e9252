import type { ReactNode } from "react";
import type { BadgeTone } from "./labels";

const TONE: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  amber: "bg-amber-100 text-amber-900 ring-amber-600/20",
  sky: "bg-sky-100 text-sky-800 ring-sky-600/20",
  stone: "bg-stone-100 text-stone-700 ring-stone-500/20",
};

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[tone]}`}
    >
      {children}
    </span>
  );
}
