// How an invoice prices its period (issue 32 §2): a plan change applied in the month splits it by
// days, each stretch at the plan and price in force on those days (the old plan's price before the
// change's effective date, the new plan's from it). Pure; money in centavos.
import { plural } from "../../../shared/plural";
import type { StoredInvoiceLine } from "../../db/schema";
import { copText } from "../shared/money";
import { addDays } from "./rules";

/** A plan in force: its code and price per location (centavos). */
export interface PlanTerms {
  plan: string;
  pricePerLocation: number;
}

/** An applied subscription change: from `effectiveDate` on, the company is on `terms`. */
export interface AppliedChange {
  effectiveDate: string;
  terms: PlanTerms;
}

export interface ProrationInput {
  periodStart: string;
  periodEnd: string;
  locations: number;
  /** the terms in force on the period's first day (before any change inside it) */
  opening: PlanTerms;
  /** applied changes, in the order they were applied (effective date, then id) */
  changes: readonly AppliedChange[];
  planName: (code: string) => string;
}

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

/** Days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** '1–14 nov', '15–30 nov', '28 feb–3 mar' (a stretch never leaves its month here, but says so if it does). */
export function dayRange(start: string, end: string): string {
  const day = (d: string) => Number(d.slice(8, 10));
  const month = (d: string) => MONTHS[Number(d.slice(5, 7)) - 1] ?? d.slice(5, 7);
  if (start === end) return `${day(start)} ${month(start)}`;
  if (start.slice(0, 7) === end.slice(0, 7)) return `${day(start)}–${day(end)} ${month(end)}`;
  return `${day(start)} ${month(start)}–${day(end)} ${month(end)}`;
}

/**
 * The stretches of the period with the terms of each: a change dated before the period counts from its
 * first day, one dated after it does not count; several changes on one day leave the last; neighbouring
 * stretches on the same plan and price (a change of limits only) are one.
 */
export function priceStretches(input: Pick<ProrationInput, "periodStart" | "periodEnd" | "opening" | "changes">) {
  const stretches: { start: string; end: string; terms: PlanTerms }[] = [];
  let cursor = input.periodStart;
  let terms = input.opening;
  for (const change of input.changes) {
    const from = change.effectiveDate > input.periodStart ? change.effectiveDate : input.periodStart;
    if (from > input.periodEnd) break;
    if (from > cursor) {
      stretches.push({ start: cursor, end: addDays(from, -1), terms });
      cursor = from;
    }
    terms = change.terms;
  }
  stretches.push({ start: cursor, end: input.periodEnd, terms });
  const merged: typeof stretches = [];
  for (const s of stretches) {
    const last = merged.at(-1);
    if (last && last.terms.plan === s.terms.plan && last.terms.pricePerLocation === s.terms.pricePerLocation)
      last.end = s.end;
    else merged.push({ ...s });
  }
  return merged;
}

/** Centavos rounded to whole pesos. */
const wholePesosCentavos = (centavos: number) => Math.round(centavos / 100) * 100;

/**
 * The invoice's lines and total. Each stretch costs locations × price × its days / the period's days;
 * the amounts are rounded to whole pesos on the running sum, so the lines always add up to the total
 * (the total being the exact sum rounded once), and a month without changes costs locations × price.
 */
export function prorateInvoice(input: ProrationInput): { total: number; lines: StoredInvoiceLine[] } {
  const periodDays = daysBetween(input.periodStart, input.periodEnd);
  const stretches = priceStretches(input);
  let exact = 0;
  let billed = 0;
  const lines = stretches.map((s): StoredInvoiceLine => {
    const days = daysBetween(s.start, s.end);
    exact += (input.locations * s.terms.pricePerLocation * days) / periodDays;
    const amount = wholePesosCentavos(exact) - billed;
    billed += amount;
    const planName = input.planName(s.terms.plan);
    const whole = days === periodDays;
    return {
      plan: s.terms.plan,
      plan_name: planName,
      start: s.start,
      end: s.end,
      days,
      period_days: periodDays,
      locations_count: input.locations,
      price_per_location: s.terms.pricePerLocation,
      amount,
      description:
        `Plan ${planName}, ${dayRange(s.start, s.end)} (${whole ? plural(days, "día", "días") : `${days} de ${periodDays} días`}): ` +
        `${plural(input.locations, "ubicación", "ubicaciones")} × ${copText(s.terms.pricePerLocation)} al mes` +
        (whole ? "" : ` × ${days}/${periodDays}`),
    };
  });
  return { total: billed, lines };
}
