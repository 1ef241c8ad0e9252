import { plural } from "../../../../shared/plural";
import type { Transfer } from "../../api/transfers-schemas";
import { formatDateTime } from "../format";

type Props = { transfer: Pick<Transfer, "delivery_attempts" | "reservation_expired_at" | "status"> };

/**
 * What the courier met at the door, on every card of the transfer (seller, keeper, courier): each
 * delivery attempt, oldest first, with its reason and note; a later delivery is one more line, never a
 * replacement. Nothing when no attempt failed.
 */
export function DeliveryAttempts({ transfer: t }: Props) {
  const failed = t.delivery_attempts.filter((a) => !a.successful).length;
  if (failed === 0) return null;
  return (
    <section
      aria-label="Intentos de entrega"
      data-testid="delivery-attempts"
      className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{plural(failed, "intento de entrega fallido", "intentos de entrega fallidos")}</p>
      <ol className="mt-1 space-y-1">
        {t.delivery_attempts.map((a) => (
          <li key={a.id} className="break-words">
            <span className="text-amber-900">{formatDateTime(a.attempted_at)}</span>
            {" · "}
            {a.successful ? (
              <span className="font-medium text-green-800">Entregada</span>
            ) : (
              <span className="font-medium">{a.reason_label ?? "No se pudo entregar"}</span>
            )}
            {a.notes && <span>{` — ${a.notes}`}</span>}
            {a.courier_name && <span className="text-amber-900">{` (${a.courier_name})`}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A request back in the queue because nobody came for it in 45 minutes: said on its card. */
export function ReservationExpired({ transfer: t }: Props) {
  if (!t.reservation_expired_at || t.status !== "pending") return null;
  return (
    <p
      className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="reservation-expired"
      role="note"
    >
      La reserva venció el {formatDateTime(t.reservation_expired_at)} sin corredor ni entrega: la solicitud volvió a
      pendientes.
    </p>
  );
}
