import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../../auth/middleware";
import { tenantId } from "../../auth/tenant";
import { COUNT_STATUSES } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { cancelCount, postCount } from "../../domain/stock/counts/close";
import { countLine, deleteLine } from "../../domain/stock/counts/lines";
import { openCount } from "../../domain/stock/counts/open";
import { countVariances, getCount, listCounts } from "../../domain/stock/counts/read";
import type { Counter } from "../../domain/stock/counts/types";
import type { AppEnv, AuthUser } from "../../env";
import { pageQuery } from "../../lib/paging";
import {
  booleanLike,
  numberLike,
  optionalText,
  queryValue,
  requiredText,
  validate,
  validateId,
  wholeNumber,
} from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";

const positiveId = (message: string) =>
  v.pipe(numberLike(message), v.integer(message), v.minValue(1, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));
const NEGATIVE = "Las cantidades no pueden ser negativas";
const quantity = (label: string) =>
  v.optional(
    wholeNumber(
      {
        number: `La cantidad de ${label} debe ser un número`,
        whole: `La cantidad de ${label} debe ser un número entero`,
      },
      [0, NEGATIVE],
      [100_000, `La cantidad de ${label} es demasiado grande`],
    ),
    0,
  );

export const OpenCountBody = v.object({
  location_id: positiveId("Indica la ubicación"),
  blind: v.optional(booleanLike("El campo 'ciego' debe ser verdadero o falso"), false),
  brand: optionalText(80, "marca"),
  notes: optionalText(500, "nota"),
});

export const CountLineBody = v.object({
  code: requiredText("Indica la referencia o el código de barras", 60),
  size: v.optional(
    v.nullable(
      v.pipe(
        v.union([v.string(), v.pipe(v.number(), v.transform(String))], "La talla no es válida"),
        v.transform((s) => s.trim()),
        v.maxLength(10, "La talla no es válida"),
        v.transform((s) => (s === "" ? null : s)),
      ),
    ),
    null,
  ),
  pairs: quantity("pares"),
  left: quantity("pies izquierdos"),
  right: quantity("pies derechos"),
  exhibition: quantity("exhibición"),
});

export const CountsQuery = v.object({
  // a page of 50 unless told (each count's progress is one more query), at most 100
  ...pageQuery(50, 100),
  status: v.optional(v.pipe(queryValue, v.picklist(COUNT_STATUSES, "El estado debe ser open, posted o cancelled"))),
  location_id: v.optional(v.pipe(queryValue, v.regex(/^\d{1,12}$/, "La ubicación no es válida"), v.transform(Number))),
});

const WRITERS = ["administrador", "bodeguero", "superuser"] as const;
const READERS = ["administrador", "boss", "bodeguero", "superuser"] as const;

function counter(user: AuthUser, companyId: number): Counter {
  return { id: user.id, companyId, role: user.role, locationId: user.locationId };
}

/**
 * /api/v1/inventory/counts — physical counts of a location: the administrador anywhere, a keeper in
 * their own warehouse; the boss reads them and their variances.
 */
export const stockCountsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    doc("Abre un conteo físico de una ubicación (todos los productos o una marca; ciego o no)", {
      403: "Un bodeguero solo cuenta su propia bodega",
      404: "La ubicación no existe o es de otra empresa",
      409: "Ya hay un conteo abierto en esa ubicación, o está inactiva",
      422: "La marca no está en el catálogo",
    }),
    requireRole(...WRITERS),
    validate("json", OpenCountBody),
    async (c) => {
      const result = await openCount(companyDb(c), counter(c.get("user"), tenantId(c)), c.req.valid("json"));
      return c.json({ success: true, message: "Conteo abierto", ...result }, 201);
    },
  )
  .get(
    "/",
    doc("Lista por páginas los conteos físicos con su avance y cuántos hay (un bodeguero ve los de su bodega)"),
    requireRole(...READERS),
    validate("query", CountsQuery),
    async (c) => {
      const { limit, offset, ...filter } = c.req.valid("query");
      return c.json(await listCounts(companyDb(c), counter(c.get("user"), tenantId(c)), filter, { limit, offset }));
    },
  )
  .get(
    "/:id",
    doc(
      "Un conteo con sus líneas y su avance; en un conteo ciego el bodeguero no ve las cantidades esperadas hasta que se aplica",
      { 403: "Un bodeguero solo ve los conteos de su bodega", 404: "El conteo no existe o es de otra empresa" },
    ),
    requireRole(...READERS),
    validateId(),
    async (c) => {
      const result = await getCount(companyDb(c), counter(c.get("user"), tenantId(c)), c.req.valid("param").id);
      return c.json(result);
    },
  )
  .put(
    "/:id/lines",
    doc(
      "Registra lo contado de un producto y talla (por referencia, código de barras o SKU; el código de barras dice la talla); guarda lo esperado en ese momento",
      {
        403: "Un bodeguero solo cuenta su propia bodega",
        404: "El conteo o el código no existe",
        409: "El conteo ya fue aplicado o cancelado",
        422: "Cantidades negativas, falta la talla, o el producto no es de la marca del conteo",
      },
    ),
    requireRole(...WRITERS),
    validateId(),
    validate("json", CountLineBody),
    async (c) => {
      const result = await countLine(
        companyDb(c),
        counter(c.get("user"), tenantId(c)),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true, message: "Línea registrada", ...result });
    },
  )
  .delete(
    "/:id/lines/:lineId",
    doc("Quita una línea de un conteo abierto", {
      403: "Un bodeguero solo cuenta su propia bodega",
      404: "El conteo o la línea no existe",
      409: "El conteo ya fue aplicado o cancelado",
    }),
    requireRole(...WRITERS),
    validateId("id", "lineId"),
    async (c) => {
      const { id, lineId } = c.req.valid("param");
      const result = await deleteLine(companyDb(c), counter(c.get("user"), tenantId(c)), id, lineId);
      return c.json({ success: true, message: "Línea eliminada", ...result });
    },
  )
  .get(
    "/:id/variances",
    doc("Informe de diferencias: esperado, contado y diferencia por tipo de unidad, valorizadas al costo y al precio", {
      403: "Un bodeguero solo ve los conteos de su bodega",
      404: "El conteo no existe o es de otra empresa",
    }),
    requireRole(...READERS),
    validateId(),
    async (c) => {
      const result = await countVariances(companyDb(c), counter(c.get("user"), tenantId(c)), c.req.valid("param").id);
      return c.json(result);
    },
  )
  .post(
    "/:id/post",
    doc("Aplica el conteo: cada diferencia (contado − esperado al contar) como ajuste, todo en un solo lote, una vez", {
      403: "Un bodeguero solo aplica los conteos de su bodega",
      404: "El conteo no existe o es de otra empresa",
      409: "El conteo ya fue aplicado o cancelado, cambió mientras se aplicaba, o dejaría el inventario negativo",
    }),
    requireRole(...WRITERS),
    validateId(),
    async (c) => {
      const result = await postCount(companyDb(c), counter(c.get("user"), tenantId(c)), c.req.valid("param").id);
      // a count that took units may have crossed an alert rule's minimum (issue 37)
      drainOutboxesSoon(c, tenantId(c));
      return c.json({ success: true, message: "Conteo aplicado", ...result });
    },
  )
  .post(
    "/:id/cancel",
    doc("Cancela un conteo abierto (no cambia el inventario)", {
      403: "Un bodeguero solo cancela los conteos de su bodega",
      404: "El conteo no existe o es de otra empresa",
      409: "El conteo ya fue aplicado o cancelado",
    }),
    requireRole(...WRITERS),
    validateId(),
    async (c) => {
      const result = await cancelCount(companyDb(c), counter(c.get("user"), tenantId(c)), c.req.valid("param").id);
      return c.json({ success: true, message: "Conteo cancelado", ...result });
    },
  );
