type Props = {
  label: string;
  /** 0–100; null while unknown (the fill then sets its own width). */
  value: number | null;
  /** The track's classes (height, margins). */
  className: string;
  /** The fill's colour and extras. */
  fill: string;
  /** The colour band, for tests and styles that read it. */
  tone?: string;
};

/** An accessible bar from 0 to 100: uploads, plan usage, a transfer's progress. */
export function Meter({ label, value, className, fill, tone }: Props) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      data-tone={tone}
      className={className}
    >
      <div className={`h-full rounded-full ${fill}`} style={value === null ? undefined : { width: `${value}%` }} />
    </div>
  );
}
