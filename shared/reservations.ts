// Web reservations (issue 32 §6): a shopper holds pairs at one store for a set time; the store's staff
// confirm, complete or cancel them. Limits, statuses and texts for the Worker and the SPA alike.

/** How long a web reservation holds its pairs. */
export const HOLD_HOURS = 48;
/** Lines of one reservation, and pairs of one line. */
export const MAX_RESERVATION_LINES = 10;
export const MAX_PAIRS_PER_LINE = 5;
/** Reservations one phone may make in the window, and one network address (several people may share one). */
export const RESERVATION_WINDOW_MS = 60 * 60_000;
export const MAX_RESERVATIONS_PER_PHONE = 3;
export const MAX_RESERVATIONS_PER_SENDER = 10;
export const CANCEL_REASON_MAX = 300;

export const WEB_RESERVATION_STATUS_LABELS = {
  pending: "Por confirmar",
  confirmed: "Confirmada",
  completed: "Completada",
  cancelled: "Cancelada",
  expired: "Vencida",
} as const;

/** The statuses in which a reservation still holds its pairs. */
export const HOLDING_STATUSES = ["pending", "confirmed"] as const;

export const RESERVATION_PRODUCT_UNKNOWN = "Uno de los productos ya no está disponible en la tienda en línea.";
export const RESERVATION_STORE_UNKNOWN = "Esa tienda no existe o ya no atiende; elige una de la lista.";
export const RESERVATION_NOT_FOUND = "Reserva no encontrada";
export const CANCEL_REASON_REQUIRED = "Escribe por qué se cancela la reserva.";

/** 409 of a transition from a status that no longer allows it. */
export function reservationStateConflict(status: keyof typeof WEB_RESERVATION_STATUS_LABELS): string {
  switch (status) {
    case "completed":
      return "La reserva ya se completó";
    case "cancelled":
      return "La reserva ya fue cancelada";
    case "expired":
      return "La reserva ya venció y sus pares quedaron libres";
    case "confirmed":
      return "La reserva ya está confirmada";
    default:
      return "La reserva cambió mientras se guardaba; vuelve a cargarla";
  }
}

/** A size's label for sorting: numbers in order ("36" < "40.5" < "44"), then the rest alphabetically. */
export function compareSizes(a: string, b: string): number {
  const x = Number(a.replace(",", "."));
  const y = Number(b.replace(",", "."));
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  if (Number.isFinite(x)) return -1;
  if (Number.isFinite(y)) return 1;
  return a.localeCompare(b, "es");
}
