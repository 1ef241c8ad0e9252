// Every list is complete or paginated, and a paginated one says how many rows there are in all
// (issue 32 §4): `limit`/`offset` query parameters, validated here, and `total`, `offset`, `limit` in
// the answer beside the page's rows, so a screen can say "Mostrando N de M" and fetch the rest.
import * as v from "valibot";
import { queryCount, queryValue } from "./validation";

export type Page = { limit: number; offset: number };

export const OFFSET_INVALID = "El desplazamiento (offset) debe ser un número entero desde 0";
export const limitInvalid = (max: number) => `El límite (limit) debe ser un número entero entre 1 y ${max}`;

/**
 * The query parameters of a paginated list: `limit` from 1 to `max` (`size` when absent) and `offset`
 * from 0 (0 when absent). Spread them into the route's query object.
 */
export function pageQuery(size: number, max: number) {
  const limitMessage = limitInvalid(max);
  return {
    limit: v.optional(queryCount(6, max, limitMessage), String(size)),
    offset: v.optional(v.pipe(queryValue, v.regex(/^\d{1,9}$/, OFFSET_INVALID), v.transform(Number)), "0"),
  };
}

/** What a paginated answer says beside its rows: how many there are in all, and which page this is. */
export function pageInfo(page: Page, total: number) {
  return { total, offset: page.offset, limit: page.limit };
}
