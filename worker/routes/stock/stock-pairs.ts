import { Hono } from "hono";
import * as v from "valibot";
import { plural } from "../../../shared/plural";
import { requireAuth, requireRole } from "../../auth/middleware";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { mergeFeet, splitPairs } from "../../domain/stock/pairs";
import type { AppEnv, AuthUser } from "../../env";
import { optionalText, validate, wholeNumber } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { AdjustmentBody } from "./stock-bodies";

const PairCell = v.object({
  product_id: AdjustmentBody.entries.product_id,
  location_id: AdjustmentBody.entries.location_id,
  size: AdjustmentBody.entries.size,
});

export const SplitBody = v.object({
  ...PairCell.entries,
  quantity: v.optional(
    wholeNumber(
      { number: "La cantidad debe ser un número", whole: "La cantidad debe ser un número entero" },
      [1, "La cantidad debe ser al menos 1"],
      [1000, "La cantidad es demasiado grande"],
    ),
    1,
  ),
  write_off: v.picklist(["left", "right"], "Indica qué pie se da de baja: left o right"),
  reason: v.picklist(["dano", "perdida_robo"], "El motivo debe ser dano o perdida_robo"),
  notes: optionalText(500, "nota"),
});

const actorOf = (user: AuthUser, companyId: number) => ({
  id: user.id,
  companyId,
  role: user.role,
  locationId: user.locationId,
});

/**
 * /api/v1/inventory/pairs — single feet and pairs by hand. Free left and right feet pair on their own
 * (pair_formed); these are for what that rule does not see: feet to merge, a pair with a damaged shoe.
 */
export const stockPairsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole("administrador", "bodeguero", "superuser"))
  .post(
    "/merge",
    doc("Forma pares con los pies izquierdos y derechos libres de un producto, talla y ubicación", {
      403: "Un bodeguero solo forma pares en su propia bodega",
      404: "El producto o la ubicación no existe o es de otra empresa",
      409: "No hay un pie de cada lado libre, o la ubicación está inactiva",
    }),
    validate("json", PairCell),
    async (c) => {
      const result = await mergeFeet(companyDb(c), actorOf(c.get("user"), tenantId(c)), c.req.valid("json"));
      return c.json({ success: true, message: plural(result.formed, "par formado", "pares formados"), ...result }, 201);
    },
  )
  .post(
    "/split",
    doc(
      "Separa pares cuyo zapato de un lado está dañado o perdido: ese pie se da de baja (ajuste) y el otro queda suelto",
      {
        403: "Un bodeguero solo separa pares en su propia bodega",
        404: "El producto o la ubicación no existe o es de otra empresa",
        409: "No hay tantos pares libres, o la ubicación está inactiva",
      },
    ),
    validate("json", SplitBody),
    async (c) => {
      const result = await splitPairs(companyDb(c), actorOf(c.get("user"), tenantId(c)), c.req.valid("json"));
      return c.json(
        { success: true, message: plural(result.split, "par separado", "pares separados"), ...result },
        201,
      );
    },
  );
