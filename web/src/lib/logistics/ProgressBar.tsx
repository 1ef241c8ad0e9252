import { formatPercent } from "../format";
import { Meter } from "../ui/Meter";
import { progressTone, TONE_BAR, TONE_TEXT } from "./progress";

type Props = { progress: number; label?: string };

/** The transfer's progress with the spec's colours (error < 30 ≤ warning < 60 ≤ primary < 90 ≤ success). */
export function ProgressBar({ progress, label = "Progreso" }: Props) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const tone = progressTone(value);
  return (
    <div className="flex items-center gap-2">
      <Meter
        label={label}
        value={value}
        tone={tone}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-200"
        fill={TONE_BAR[tone]}
      />
      <span className={`w-12 shrink-0 text-right text-xs font-semibold tabular-nums ${TONE_TEXT[tone]}`}>
        {formatPercent(value)}
      </span>
    </div>
  );
}
