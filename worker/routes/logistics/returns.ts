import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { createReturnResponse, ReturnBody } from "./transfer-return";

/** /api/v1/returns — a seller sends back what a completed transfer brought (spec 3 §7.4). */
export const returnsRoutes = new Hono<AppEnv>().use(requireAuth, requireRole(...AREA_ROLES.seller)).post(
  "/request",
  doc("Solicita la devolución a bodega de lo recibido en una transferencia completada (ruta de devoluciones)", {
    404: "La transferencia original no existe o no es del vendedor",
    409: "La transferencia no está completada, es una devolución, ya se vendió o ya tiene una devolución abierta; no queda nada por devolver",
    422: "La cantidad está fuera del rango recibido; el motivo «other» no trae notas",
  }),
  validate("json", ReturnBody),
  async (c) => createReturnResponse(c, c.req.valid("json")),
);
