import * as v from "valibot";
import { DATE_RANGE_REVERSED, DATE_RANGE_TOO_LONG } from "../../../shared/messages";
import { calendarDate, idLike } from "../../lib/validation";

// The date range of the location reports, asked for by the administrador's and the boss's routers.

export const DateRange = v.pipe(
  v.object({
    start_date: calendarDate("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: calendarDate("end_date debe ser una fecha AAAA-MM-DD"),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
  v.check((r) => Date.parse(r.end_date) - Date.parse(r.start_date) <= 366 * 86_400_000, DATE_RANGE_TOO_LONG),
);

/** The IVA report's period (Bogotá days, at most a year) and, optionally, one store. */
export const VatReportQuery = v.pipe(
  v.object({
    start_date: calendarDate("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: calendarDate("end_date debe ser una fecha AAAA-MM-DD"),
    location_id: v.optional(idLike("location_id debe ser un número")),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
  v.check((r) => Date.parse(r.end_date) - Date.parse(r.start_date) <= 366 * 86_400_000, DATE_RANGE_TOO_LONG),
);
