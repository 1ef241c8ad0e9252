import { type Labelled, TextField } from "./form";

/** The ids are `${id}-start` and `${id}-end`; `className` is each field's wrapper's. */
type DateRangeProps = Pick<Labelled, "id" | "className" | "compact"> &
  Record<"start" | "end", string> &
  Record<"onStart" | "onEnd", (value: string) => void> & {
    /** The last day either date may take (today). */
    max?: string;
    /** Each date bounds the other: 'Desde' up to 'Hasta', 'Hasta' from 'Desde'. */
    linked?: boolean;
  };

/** 'Desde' and 'Hasta' of a report's filter bar. */
export function DateRangeFields({ id, start, end, onStart, onEnd, max, linked, className, compact }: DateRangeProps) {
  const shared = { type: "date", className, compact };
  return (
    <>
      <TextField
        id={`${id}-start`}
        label="Desde"
        value={start}
        max={linked ? end : max}
        onChange={onStart}
        {...shared}
      />
      <TextField
        id={`${id}-end`}
        label="Hasta"
        value={end}
        min={linked ? start : undefined}
        max={max}
        onChange={onEnd}
        {...shared}
      />
    </>
  );
}
