import { formatPercent } from "../../lib/format";
import { Meter } from "../../lib/ui/Meter";

type Props = { label: string; count: number; limit: number; percent: number };

function barColour(percent: number): string {
  if (percent >= 100) return "bg-red-600";
  if (percent >= 80) return "bg-amber-500";
  return "bg-green-600";
}

/** Usage against a plan limit: count, limit and percent, with a bar (near the limit turns amber, at it red). */
export function UsageBar({ label, count, limit, percent }: Props) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-stone-700">{label}</span>
        <span className="text-stone-600 tabular-nums">
          {count} de {limit} · <span className="font-semibold text-stone-900">{formatPercent(percent)}</span>
        </span>
      </div>
      <Meter
        label={label}
        value={width}
        className="mt-1.5 h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
        fill={barColour(percent)}
      />
    </div>
  );
}
