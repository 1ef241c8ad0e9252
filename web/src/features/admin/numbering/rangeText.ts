import { pluralWord } from "../../../../../shared/plural";
import type { NumberingRange, RangeAlert, RangeState } from "../../../api/numbering";
import { countLabel, formatDate, formatDecimal, formatPercent } from "../../../lib/format";
import type { BadgeTone } from "../../../lib/ui/Badge";

/** How the screens write a range: its prefix, then from – to in es-CO digits ("FA 1.000 – 1.999"). */
export function rangeLabel(range: Pick<NumberingRange, "prefix" | "range_from" | "range_to">): string {
  const numbers = `${formatDecimal(range.range_from)} – ${formatDecimal(range.range_to)}`;
  return range.prefix ? `${range.prefix} ${numbers}` : numbers;
}

/** How many numbers a range holds, both ends included. */
export function rangeSize(range: Pick<NumberingRange, "range_from" | "range_to">): number {
  return range.range_to - range.range_from + 1;
}

export const STATE_LABEL: Record<RangeState, string> = {
  active: "Activa",
  inactive: "Inactiva",
  exhausted: "Agotada",
  expired: "Vencida",
  not_yet_valid: "Aún no vigente",
};

export const STATE_TONE: Record<RangeState, BadgeTone> = {
  active: "success",
  inactive: "neutral",
  exhausted: "error",
  expired: "error",
  not_yet_valid: "info",
};

/** "Resolución 18764000001234 del 05/01/2026". */
export function resolutionLine(range: Pick<NumberingRange, "resolution_number" | "resolution_date">): string {
  return `Resolución ${range.resolution_number} del ${formatDate(range.resolution_date)}`;
}

/** "Vigente del 05/01/2026 al 05/01/2027". */
export function validityLine(range: Pick<NumberingRange, "valid_from" | "valid_until">): string {
  return `Vigente del ${formatDate(range.valid_from)} al ${formatDate(range.valid_until)}`;
}

/** "2 de 1.000 (0 %)": the numbers taken of the range's size. */
export function usageLine(range: Pick<NumberingRange, "used" | "range_from" | "range_to" | "used_percent">): string {
  return `${formatDecimal(range.used)} de ${formatDecimal(rangeSize(range))} (${formatPercent(range.used_percent)})`;
}

/** What an alert of the list asks of the administrador. */
export function alertText(alert: RangeAlert, range: Pick<NumberingRange, "remaining" | "days_left">): string {
  if (alert === "nearly_used") {
    const left = `${pluralWord(range.remaining, "Queda", "Quedan")} ${countLabel(range.remaining, "número", "números")}`;
    return `${left}: solicita una nueva resolución a la DIAN`;
  }
  const days = range.days_left;
  return days <= 0 ? "La resolución vence hoy" : `La resolución vence en ${countLabel(days, "día", "días")}`;
}
