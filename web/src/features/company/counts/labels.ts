import { countLabel } from "../../../lib/format";
import type { BadgeTone } from "../../../lib/ui/Badge";

type Status = "open" | "posted" | "cancelled";

export const STATUS_LABEL: Record<Status, string> = { open: "Abierto", posted: "Aplicado", cancelled: "Cancelado" };
export const STATUS_TONE: Record<Status, BadgeTone> = { open: "warning", posted: "success", cancelled: "neutral" };

export const KINDS = ["pairs", "left", "right", "exhibition"] as const;
export const KIND_SHORT: Record<(typeof KINDS)[number], string> = {
  pairs: "Pares",
  left: "Izq.",
  right: "Der.",
  exhibition: "Exhib.",
};

/** A quantity of each kind as said in a sentence: [one, many]. */
export const KIND_UNITS: Record<(typeof KINDS)[number], [string, string]> = {
  pairs: ["par", "pares"],
  left: ["pie izq.", "pies izq."],
  right: ["pie der.", "pies der."],
  exhibition: ["exhib.", "exhib."],
};

/** Units of each kind, as counted or as a variance. */
export type Qty = Record<(typeof KINDS)[number], number>;

/** '2 pares, 1 pie izquierdo' (or '0'). */
export const qtyText = (q: Qty) =>
  KINDS.filter((k) => q[k] !== 0)
    .map((k) => countLabel(q[k], ...KIND_UNITS[k]))
    .join(", ") || "0";
