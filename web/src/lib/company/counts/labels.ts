import type { BadgeTone } from "../../ui/Badge";

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
