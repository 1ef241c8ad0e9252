import { formatMegabytes, formatPercent } from "../../../lib/format";
import { Meter } from "../../../lib/ui/Meter";

type Props = { label: string; loaded: number; total: number };

/** The upload progress bar; a known total shows the percentage and the megabytes sent. */
export function UploadProgress({ label, loaded, total }: Props) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-3 text-sm font-medium text-stone-700">
        <span>{label}</span>
        {percent !== null && (
          <span className="tabular-nums">
            {formatPercent(percent)} · {formatMegabytes(loaded)} / {formatMegabytes(total)}
          </span>
        )}
      </div>
      <Meter
        label={label}
        value={percent}
        className="h-2.5 overflow-hidden rounded-full bg-stone-200"
        fill={`bg-orange-600 transition-[width] ${percent === null ? "w-1/3 animate-pulse" : ""}`}
      />
    </div>
  );
}
