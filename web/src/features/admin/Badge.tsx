import type { ReactNode } from "react";
import { BADGE, type BadgeTone } from "./ui";

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${BADGE[tone]}`}
    >
      {children}
    </span>
  );
}
