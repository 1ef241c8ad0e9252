import type { ReactNode } from "react";
import { cardClass } from "../../lib/ui/classes";

type Props = { title: string; action?: ReactNode; children: ReactNode };

export function SectionCard({ title, action, children }: Props) {
  return (
    <section className={cardClass} aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
