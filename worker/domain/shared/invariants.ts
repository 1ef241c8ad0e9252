// Runs the invariant queries of invariant-sql.ts against D1 (race suite, API tests).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { INVARIANT_SQL, type Invariant } from "./invariant-sql";

type Row = Record<string, unknown>;

/** Every invariant with the rows that break it; all lists empty when the data is sound. */
export async function invariantViolations(db: Db): Promise<Record<Invariant, Row[]>> {
  const names = Object.keys(INVARIANT_SQL) as Invariant[];
  const results = await Promise.all(names.map((name) => db.all<Row>(sql.raw(INVARIANT_SQL[name]))));
  return Object.fromEntries(names.map((name, i) => [name, results[i] ?? []])) as Record<Invariant, Row[]>;
}

/** Only the broken invariants (an empty object when everything holds), for a test's message. */
export async function brokenInvariants(db: Db): Promise<Partial<Record<Invariant, Row[]>>> {
  const all = await invariantViolations(db);
  return Object.fromEntries(Object.entries(all).filter(([, rows]) => rows.length > 0));
}
