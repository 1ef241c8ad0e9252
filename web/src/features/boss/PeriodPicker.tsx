import { useId, useState } from "react";
import { errorText, primaryButton } from "../../lib/ui/classes";
import { DateRangeFields } from "../../lib/ui/DateRangeFields";
import { TextField } from "../../lib/ui/form";
import { PressedButtons } from "../../lib/ui/PressedButtons";
import { bogotaToday, parseYear, rangeError } from "./dates";
import { MonthYearFields } from "./MonthYearFields";
import { PERIOD_KIND_LABEL, type Period, type PeriodKind } from "./period";

type Props = { kinds: readonly PeriodKind[]; value: Period; onChange: (period: Period) => void };

/**
 * Chooses a report's period: a date range, a month (year 2020–2030) or a day. What is typed stays a
 * draft until 'Consultar', so half-typed dates never reach the API; problems are explained in place.
 */
export function PeriodPicker({ kinds, value, onChange }: Props) {
  const id = useId();
  const today = bogotaToday();
  // What the date fields of the bar share: up to today, the small control, one row on wider screens.
  const field = { max: today, compact: true, className: "min-w-0 sm:flex-none" };
  const [kind, setKind] = useState<PeriodKind>(value.kind);
  const [start, setStart] = useState(value.kind === "range" ? value.start : `${today.slice(0, 8)}01`);
  const [end, setEnd] = useState(value.kind === "range" ? value.end : today);
  const [month, setMonth] = useState(value.kind === "month" ? value.month : Number(today.slice(5, 7)));
  const [year, setYear] = useState(String(value.kind === "month" ? value.year : Number(today.slice(0, 4))));
  const [date, setDate] = useState(value.kind === "day" ? value.date : today);

  const parsedYear = parseYear(year);
  const yearError = "error" in parsedYear ? parsedYear.error : null;
  const problem =
    kind === "range"
      ? rangeError(start, end)
      : kind === "month"
        ? yearError
        : /^\d{4}-\d{2}-\d{2}$/.test(date)
          ? null
          : "Elige una fecha";
  const draft = (): Period | null => {
    if (problem) return null;
    if (kind === "range") return { kind, start, end };
    if (kind === "month" && "year" in parsedYear) return { kind, year: parsedYear.year, month };
    return { kind: "day", date };
  };

  return (
    <div className="w-full space-y-3 sm:w-auto">
      {kinds.length > 1 && (
        <fieldset className="inline-flex rounded-lg border-0 bg-stone-200/70 p-1">
          <legend className="sr-only">Tipo de período</legend>
          <PressedButtons
            value={kind}
            options={kinds.map((k) => ({ value: k, label: PERIOD_KIND_LABEL[k] }))}
            onChange={setKind}
            classOf={(chosen) =>
              `rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
                chosen ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
              }`
            }
          />
        </fieldset>
      )}
      <form
        noValidate
        // Phones: two fields side by side and the button below; wider screens: one row.
        className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap"
        onSubmit={(e) => {
          e.preventDefault();
          const next = draft();
          if (next) onChange(next);
        }}
      >
        {kind === "range" && (
          <DateRangeFields id={id} start={start} end={end} onStart={setStart} onEnd={setEnd} {...field} />
        )}
        {kind === "month" && (
          <MonthYearFields
            id={id}
            month={month}
            year={year}
            yearError={yearError}
            onMonth={setMonth}
            onYear={setYear}
          />
        )}
        {kind === "day" && (
          <TextField
            label="Fecha"
            type="date"
            value={date}
            onChange={setDate}
            {...field}
            className="col-span-2 min-w-0 sm:flex-none"
          />
        )}
        <button type="submit" className={`${primaryButton} col-span-2`} disabled={problem !== null}>
          Consultar
        </button>
        {problem && kind !== "month" && (
          <p className={`${errorText} col-span-2 basis-full`} role="alert">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}
