import { progressTone, TONE_BAR, TONE_TEXT } from "./progress";

type Props = { progress: number; label?: string };

/** The transfer's progress with the spec's colours (error < 30 ≤ warning < 60 ≤ primary < 90 ≤ success). */
export function ProgressBar({ progress, label = "Progreso" }: Props) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const tone = progressTone(value);
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-tone={tone}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-200"
      >
        <div className={`h-full rounded-full ${TONE_BAR[tone]}`} style={{ width: `${value}%` }} />
      </div>
      <span className={`w-10 shrink-0 text-right text-xs font-semibold tabular-nums ${TONE_TEXT[tone]}`}>{value}%</span>
    </div>
  );
}
