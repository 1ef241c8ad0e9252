import { compactInputClass, errorText, labelClass } from "../../lib/ui/classes";
import { YEAR_MAX, YEAR_MIN } from "./dates";
import { MONTH_NAMES } from "./format";

type Props = {
  id: string;
  month: number;
  year: string;
  yearError: string | null;
  onMonth: (month: number) => void;
  onYear: (year: string) => void;
};

/** Month select and year input (2020–2030, spec §2.2); an out-of-range year is shown and not sent. */
export function MonthYearFields({ id, month, year, yearError, onMonth, onYear }: Props) {
  return (
    <>
      <div className="min-w-0 sm:flex-none">
        <label htmlFor={`${id}-month`} className={labelClass}>
          Mes
        </label>
        <select
          id={`${id}-month`}
          value={month}
          onChange={(e) => onMonth(Number(e.target.value))}
          className={compactInputClass}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:w-28">
        <label htmlFor={`${id}-year`} className={labelClass}>
          Año
        </label>
        <input
          id={`${id}-year`}
          type="number"
          inputMode="numeric"
          min={YEAR_MIN}
          max={YEAR_MAX}
          step={1}
          value={year}
          onChange={(e) => onYear(e.target.value)}
          aria-invalid={yearError ? true : undefined}
          aria-describedby={yearError ? `${id}-year-error` : undefined}
          className={compactInputClass}
        />
      </div>
      {yearError && (
        <p id={`${id}-year-error`} className={`${errorText} col-span-2 basis-full`} role="alert">
          {yearError}
        </p>
      )}
    </>
  );
}
