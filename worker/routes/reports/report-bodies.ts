import * as v from "valibot";
import { DATE_RANGE_REVERSED, DATE_RANGE_TOO_LONG } from "../../../shared/messages";

// The date range of the location reports, asked for by the administrador's and the boss's routers.

const isoDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => !Number.isNaN(Date.parse(d)), message),
  );

export const DateRange = v.pipe(
  v.object({
    start_date: isoDate("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: isoDate("end_date debe ser una fecha AAAA-MM-DD"),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
  v.check((r) => Date.parse(r.end_date) - Date.parse(r.start_date) <= 366 * 86_400_000, DATE_RANGE_TOO_LONG),
);
