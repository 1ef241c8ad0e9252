import { errorText } from "../../lib/ui/classes";
import { NumberField, SelectField } from "../../lib/ui/form";
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
      <SelectField
        id={`${id}-month`}
        label="Mes"
        className="min-w-0 sm:flex-none"
        value={month}
        onChange={(v) => onMonth(Number(v))}
        options={MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name }))}
        compact
      />
      {/* The year's message sits below the whole row (not inside the field), so it is linked by hand. */}
      <NumberField
        id={`${id}-year`}
        label="Año"
        className="min-w-0 sm:w-28"
        min={YEAR_MIN}
        max={YEAR_MAX}
        value={year}
        onChange={onYear}
        aria-invalid={yearError ? true : undefined}
        aria-describedby={yearError ? `${id}-year-error` : undefined}
        compact
      />
      {yearError && (
        <p id={`${id}-year-error`} className={`${errorText} col-span-2 basis-full`} role="alert">
          {yearError}
        </p>
      )}
    </>
  );
}
