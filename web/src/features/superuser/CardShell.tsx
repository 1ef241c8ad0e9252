import type { ReactNode } from "react";

type Props = { testId: string; label: string; heading: ReactNode; badge: ReactNode; children: ReactNode };

/** A superuser card (company, invoice, plan): its heading with the status badge beside it, then its body. */
export function CardShell({ testId, label, heading, badge, children }: Props) {
  return (
    <article
      data-testid={testId}
      aria-label={label}
      className="flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{heading}</div>
        {badge}
      </div>
      {children}
    </article>
  );
}
