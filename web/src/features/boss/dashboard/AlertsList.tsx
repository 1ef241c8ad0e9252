import type { BossAlert } from "../../../api/boss-schemas";
import { EmptyState } from "../../../lib/ui/EmptyState";

const SEVERITY = {
  error: { box: "border-red-200 bg-red-50 text-red-900", dot: "bg-red-600", label: "Crítica" },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-950", dot: "bg-amber-500", label: "Atención" },
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", dot: "bg-sky-600", label: "Información" },
} as const;

function severityOf(severity: string) {
  return severity === "error" || severity === "warning" ? SEVERITY[severity] : SEVERITY.info;
}

/** Up to five alerts, coloured by severity: error red, warning amber, anything else blue. */
export function AlertsList({ alerts }: { alerts: readonly BossAlert[] }) {
  if (alerts.length === 0) return <EmptyState text="Sin alertas" />;
  return (
    <ul className="space-y-2">
      {alerts.slice(0, 5).map((a) => {
        const s = severityOf(a.severity);
        return (
          <li
            key={`${a.type}-${a.message}`}
            data-testid="boss-alert"
            data-severity={a.severity}
            className={`flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm ${s.box}`}
          >
            <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${s.dot}`} />
            <p className="min-w-0">
              <span className="sr-only">{s.label}: </span>
              {a.message}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
