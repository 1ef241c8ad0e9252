import { Hono } from "hono";
import * as v from "valibot";
import { sellerActor } from "../../auth/actor";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { closeSession } from "../../domain/till/cash-sessions/close";
import { listSessions, oneSession } from "../../domain/till/cash-sessions/list";
import { addMovement } from "../../domain/till/cash-sessions/movements";
import { currentSession, openSession } from "../../domain/till/cash-sessions/open";
import { tillRequired } from "../../domain/till/rule";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { numberLike, optionalText, queryValue, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";

// the adjective agrees with the label's noun: "La base de la caja no puede ser negativa"
const pesos = (label: string, min = 0, feminine = label.startsWith("La ")) =>
  v.pipe(
    numberLike(`${label} debe ser un número`),
    v.minValue(
      min,
      min > 0 ? `${label} debe ser mayor que cero` : `${label} no puede ser ${feminine ? "negativa" : "negativo"}`,
    ),
    v.maxValue(1_000_000_000, `${label} es demasiado ${feminine ? "alta" : "alto"}`),
  );

export const AtStore = v.object({ location_id: v.optional(queryValue) });

// what sellerActor answers: the store an administrador names must be the company's, and must be named
const STORE_UNKNOWN = "La ubicación indicada (location_id) no existe o es de otra empresa";
const STORE_MISSING = "El administrador no indicó la ubicación (location_id)";

export const OpenBody = v.object({ opening_float: pesos("La base de la caja") });

export const MovementBody = v.object({
  kind: v.picklist(["in", "out"], "El movimiento debe ser in (entrada) o out (salida)"),
  amount: pesos("El monto", 0.01),
  reason: v.pipe(
    v.string("Indica el motivo"),
    v.trim(),
    v.nonEmpty("Indica el motivo"),
    v.maxLength(200, "El motivo es demasiado largo"),
  ),
  // a cash-out above the drawer: an administrador's PIN covers it (the reason above says why)
  admin_pin: optionalText(12, "PIN del administrador"),
});

export const CloseBody = v.object({
  counted_cash: pesos("El efectivo contado"),
  counted_card: v.optional(v.nullable(pesos("El total de tarjeta"))),
  counted_transfer: v.optional(v.nullable(pesos("El total de transferencias"))),
  note: optionalText(500, "nota"),
});

export const SessionsQuery = v.object({
  // 30 a page unless told; at most 60 (a page's ids are bound in one D1 query)
  ...pageQuery(30, 60),
  location_id: v.optional(v.pipe(queryValue, v.regex(/^\d{1,12}$/, "La ubicación no es válida"), v.transform(Number))),
  from: v.optional(v.pipe(queryValue, v.isoDate("La fecha inicial no es válida (AAAA-MM-DD)"))),
  to: v.optional(v.pipe(queryValue, v.isoDate("La fecha final no es válida (AAAA-MM-DD)"))),
});

/**
 * /api/v1/cash-sessions — the till of a store: a seller opens it with a float, records cash in and out,
 * and closes it with the counted cash; an administrador acts at a named store and reads every session.
 */
export const cashSessionsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/current",
    doc(
      "La caja abierta del local (o null), con lo que debería tener por método de pago, y si la empresa exige la caja abierta para vender (open_required)",
      {
        404: STORE_UNKNOWN,
        409: STORE_MISSING,
      },
    ),
    requireRole(...AREA_ROLES.seller),
    validate("query", AtStore),
    async (c) => {
      const actor = await sellerActor(c, c.req.valid("query").location_id);
      const db = companyDb(c);
      // the seller's screens say before a sale whether it can be recorded (not a 409 at the end)
      const [session, openRequired] = await Promise.all([currentSession(db, actor), tillRequired(db, actor.companyId)]);
      return c.json({ session, open_required: openRequired });
    },
  )
  .post(
    "/open",
    doc("Abre la caja del local con su base en efectivo", {
      404: STORE_UNKNOWN,
      409: `Ya hay una caja abierta en el local; ${STORE_MISSING.toLowerCase()}`,
    }),
    requireRole(...AREA_ROLES.seller),
    validate("query", AtStore),
    validate("json", OpenBody),
    async (c) => {
      const actor = await sellerActor(c, c.req.valid("query").location_id);
      const session = await openSession(companyDb(c), actor, c.req.valid("json").opening_float);
      return c.json({ success: true, message: "Caja abierta", session }, 201);
    },
  )
  .post(
    "/:id/movements",
    doc("Registra una entrada o salida de efectivo de la caja, con su motivo", {
      404: `La caja no existe o es de otro local o empresa; ${STORE_UNKNOWN.toLowerCase()}`,
      403: "El PIN de administrador es incorrecto",
      409: `La caja está cerrada, o la salida es mayor que el efectivo que hay y no trae el PIN de un administrador; ${STORE_MISSING.toLowerCase()}`,
    }),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    validate("query", AtStore),
    validate("json", MovementBody),
    async (c) => {
      const actor = await sellerActor(c, c.req.valid("query").location_id);
      const session = await addMovement(companyDb(c), actor, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ success: true, message: "Movimiento registrado", session }, 201);
    },
  )
  .post(
    "/:id/close",
    doc("Cierra la caja con lo contado: diferencias por método de pago y el informe de cierre (Z)", {
      404: `La caja no existe o es de otro local o empresa; ${STORE_UNKNOWN.toLowerCase()}`,
      409: `La caja ya está cerrada; ${STORE_MISSING.toLowerCase()}`,
      422: "Lo contado no coincide con lo esperado y no hay una nota que lo explique",
    }),
    requireRole(...AREA_ROLES.seller),
    validateId(),
    validate("query", AtStore),
    validate("json", CloseBody),
    async (c) => {
      const actor = await sellerActor(c, c.req.valid("query").location_id);
      const session = await closeSession(companyDb(c), actor, c.req.valid("param").id, c.req.valid("json"));
      // a difference above the threshold wrote its alert in the closing batch: the hub sends it
      if (session.alert) drainOutboxesSoon(c, actor.companyId);
      return c.json({ success: true, message: "Caja cerrada", session });
    },
  )
  .get(
    "/",
    doc("Cajas de la empresa por local y fecha, por páginas, con sus diferencias y alertas y cuántas hay"),
    requireRole("administrador", "boss", "superuser"),
    validate("query", SessionsQuery),
    async (c) => {
      const { limit, offset, ...filter } = c.req.valid("query");
      return c.json(await listSessions(companyDb(c), tenantId(c), filter, { limit, offset }));
    },
  )
  .get(
    "/:id",
    doc("Una caja con sus movimientos y su cierre (informe Z)", { 404: "La caja no existe o es de otra empresa" }),
    requireRole("administrador", "boss", "superuser"),
    validateId(),
    async (c) => c.json({ session: await oneSession(companyDb(c), tenantId(c), c.req.valid("param").id) }),
  );
