import type { ReactNode } from "react";
import { cardClass } from "./classes";

type Props = { title: string; action?: ReactNode; children: ReactNode; description?: ReactNode };

/** A titled card; its title names the region for screen readers and tests. */
export function Panel({ title, action, description, children }: Props) {
  return (
    <section className={cardClass} aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-stone-900 sm:text-lg">{title}</h3>
          {description && <p className="text-sm text-stone-600">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
