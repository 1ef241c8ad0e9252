// Figures over a period (issue 32 §4): `days` in the query, validated here, and the period said in the
// answer (`period_days`, `period_start`) so every figure on screen names what it covers.
import * as v from "valibot";
import { queryCount } from "./validation";

export const daysInvalid = (max: number) => `Los días (days) deben ser un número entero entre 1 y ${max}`;

/** `days` from 1 to `max` (`size` when absent): spread it into the route's query object. */
export function periodQuery(size: number, max: number) {
  const message = daysInvalid(max);
  return {
    days: v.optional(queryCount(4, max, message), String(size)),
  };
}
