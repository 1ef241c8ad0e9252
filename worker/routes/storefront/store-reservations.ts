import { type Context, Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import {
  actOnWebReservation,
  listWebReservations,
  type ReservationAction,
} from "../../domain/storefront/web-reservations";
import type { AppEnv } from "../../env";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { CancelBody, ReservationsQuery } from "./reservation-bodies";

/** Who reads web reservations: a store's sellers (their own store), the administrador, and the boss. */
export const RESERVATION_READERS = [...AREA_ROLES.seller, "boss"] as const;

const MESSAGES: Record<ReservationAction, string> = {
  confirm: "Reserva confirmada: el cliente ya sabe que lo esperan",
  complete: "Reserva completada: los pares quedaron libres para registrar la venta",
  cancel: "Reserva cancelada: los pares quedaron libres",
};

const STATE_ERRORS = {
  404: "La reserva no existe, es de otra empresa o (para un vendedor) de otra tienda",
  409: "La reserva ya no está en un estado que lo permita (completada, cancelada o vencida)",
};

/** One staff transition of a reservation, answered as every transition route answers it. */
async function act(c: Context<AppEnv>, id: number, action: ReservationAction, reason: string | null) {
  const user = c.get("user");
  const reservation = await actOnWebReservation(
    companyDb(c),
    { ...user, companyId: tenantId(c) },
    id,
    action,
    reason,
    new Date(),
  );
  return { success: true as const, message: MESSAGES[action], reservation };
}

/**
 * /api/v1/store-reservations — the storefront's reservations as a store's staff handle them (issue 32
 * §6): a seller sees and handles their own store's, the administrador any store's, the boss reads.
 */
export const storeReservationsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    doc(
      "Lista por páginas las reservas web (de la más reciente): un vendedor las de su tienda; el administrador y el boss las de la empresa o de la tienda indicada. Por defecto las abiertas (por confirmar y confirmadas); dice cuántas hay y cuántas esperan confirmación",
    ),
    requireRole(...RESERVATION_READERS),
    validate("query", ReservationsQuery),
    async (c) => {
      const { status, location_id, ...page } = c.req.valid("query");
      const user = c.get("user");
      return c.json(
        await listWebReservations(
          companyDb(c),
          { ...user, companyId: tenantId(c) },
          { status, location_id },
          page,
          new Date(),
        ),
      );
    },
  )
  .post(
    "/:id/confirm",
    doc(
      "Confirma una reserva web por confirmar (la tienda ya llamó al cliente); los pares siguen apartados",
      STATE_ERRORS,
    ),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    async (c) => c.json(await act(c, c.req.valid("param").id, "confirm", null)),
  )
  .post(
    "/:id/complete",
    doc(
      "Completa una reserva web (el cliente vino): libera los pares apartados, una sola vez, para que la venta se registre como cualquier otra",
      STATE_ERRORS,
    ),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    async (c) => c.json(await act(c, c.req.valid("param").id, "complete", null)),
  )
  .post(
    "/:id/cancel",
    doc("Cancela una reserva web con su motivo y libera sus pares, una sola vez", STATE_ERRORS),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    validate("json", CancelBody),
    async (c) => c.json(await act(c, c.req.valid("param").id, "cancel", c.req.valid("json").reason)),
  );
