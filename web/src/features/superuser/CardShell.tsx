import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "../../lib/ui/Badge";

type Status = { tone: BadgeTone; label: string; testId?: string };

type Props = {
  testId: string;
  /** The heading, which also names the card. */
  title: string;
  titleClass: string;
  /** Under the title: subdomain, company, plan code. */
  details: ReactNode;
  /** The badge beside the heading. */
  status: Status;
  children: ReactNode;
};

/** A superuser card (company, invoice, plan): its heading with the status badge beside it, then its body. */
export function CardShell({ testId, title, titleClass, details, status, children }: Props) {
  return (
    <article
      data-testid={testId}
      aria-label={title}
      className="flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className={titleClass}>{title}</h3>
          {details}
        </div>
        <Badge tone={status.tone} testId={status.testId}>
          {status.label}
        </Badge>
      </div>
      {children}
    </article>
  );
}
