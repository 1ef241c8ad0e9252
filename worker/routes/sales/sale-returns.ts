import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { PAYMENT_TYPES, RETURN_REASONS } from "../../../shared/constants";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { scopeLocation } from "../../auth/scope";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { createReturn } from "../../domain/sales/returns/create";
import { customerSalesToReturn, oneReturn, RETURN_NOT_FOUND, returnableSale } from "../../domain/sales/returns/read";
import type { NewReturn, ReturnActor } from "../../domain/sales/returns/types";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { pageQuery } from "../../lib/paging";
import { numberLike, optionalText, queryValue, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { drainOutboxesSoon } from "../logistics/hub";
import { IdempotencyKey, idempotencyKey, Payment, SaleLine } from "./sale-bodies";

const positiveInt = (message: string, max = 1000) =>
  v.pipe(numberLike(message), v.integer(message), v.minValue(1, message), v.maxValue(max, message));

export const ReturnLine = v.object({
  sale_item_id: positiveInt("La línea de la venta no es válida", 1e12),
  quantity: positiveInt("La cantidad a devolver debe ser un entero de 1 en adelante"),
  destination: v.optional(
    v.picklist(["sellable", "damaged"], "El destino debe ser sellable (vendible) o damaged (dañado)"),
    "sellable",
  ),
});

const ExchangeLine = v.pick(SaleLine, ["sneaker_reference_code", "size", "quantity"]);

export const CreateReturnBody = v.pipe(
  v.object({
    sale_id: positiveInt("La venta no es válida", 1e12),
    lines: v.pipe(
      v.array(ReturnLine, "Las líneas a devolver deben ser una lista"),
      v.minLength(1, "Elige al menos una línea para devolver"),
      v.maxLength(50, "Demasiadas líneas"),
    ),
    reason: v.picklist(RETURN_REASONS, "El motivo debe ser talla, defecto, no_le_gusto u otro"),
    notes: optionalText(500, "nota"),
    refund_amount: v.optional(
      v.nullable(
        v.pipe(
          numberLike("El reembolso debe ser un número"),
          v.minValue(0, "El reembolso no puede ser negativo"),
          v.maxValue(10_000_000_000, "El reembolso es demasiado alto"),
        ),
      ),
    ),
    refund_method: v.optional(
      v.nullable(v.picklist(PAYMENT_TYPES, "El reembolso debe ser en efectivo, tarjeta o transferencia")),
    ),
    admin_pin: v.optional(v.nullable(v.pipe(v.string("El PIN no es válido"), v.maxLength(12, "El PIN no es válido")))),
    // with admin_pin: why an administrador covers a cash refund the drawer cannot pay
    authorization_reason: optionalText(200, "motivo de la autorización"),
    exchange: v.optional(
      v.nullable(
        v.object({
          items: v.pipe(
            v.array(ExchangeLine, "Los productos del cambio deben ser una lista"),
            v.minLength(1, "Elige lo que el cliente se lleva a cambio"),
            v.maxLength(50, "Demasiados productos"),
          ),
          // what the customer pays on top of the credit (none when the credit covers the new pairs)
          payments: v.optional(
            v.pipe(v.array(Payment, "Los pagos deben ser una lista"), v.maxLength(10, "Demasiados métodos de pago")),
            [],
          ),
        }),
      ),
    ),
    idempotency_key: IdempotencyKey,
  }),
  // createReturn's input; the route settles the idempotency key (header or field)
  v.transform((b): Omit<NewReturn, "idempotencyKey"> & { idempotencyKey: string | undefined } => ({
    saleId: b.sale_id,
    lines: b.lines,
    reason: b.reason,
    notes: b.notes ?? null,
    refundAmount: b.refund_amount ?? null,
    refundMethod: b.refund_method ?? null,
    adminPin: b.admin_pin ?? null,
    authorizationReason: b.authorization_reason,
    exchange: b.exchange ? { items: b.exchange.items, payments: b.exchange.payments } : null,
    idempotencyKey: b.idempotency_key,
  })),
);

export const CustomerSalesQuery = v.object({
  customer_id: v.pipe(
    queryValue,
    v.regex(/^\d{1,12}$/, "El cliente no es válido"),
    v.transform(Number),
    v.minValue(1, "El cliente no es válido"),
  ),
  // the 20 latest unless told, at most 50
  ...pageQuery(20, 50),
});

export const FindSaleQuery = v.object({
  code: v.pipe(
    queryValue,
    v.trim(),
    v.nonEmpty("Escribe el número de la venta o el código del recibo"),
    v.maxLength(200, "El código es demasiado largo"),
  ),
});

function returnActor(c: Context<AppEnv>): ReturnActor {
  const user = c.get("user");
  return {
    id: user.id,
    companyId: tenantId(c),
    role: user.role,
    // a seller works at their store (403 without one); the administrador anywhere
    locationId: scopeLocation(user),
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

/**
 * /api/v1/sale-returns — a customer brings back units of a sale: a return (money back) or an exchange
 * (other pairs with the credit). Sellers at the sale's store; an administrador anywhere.
 */
export const saleReturnsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .get(
    "/sale",
    doc("Busca una venta para devolver, por su número o el código de su recibo, con lo que ya se devolvió", {
      404: "No hay una venta con ese número o código (en el local del vendedor)",
    }),
    validate("query", FindSaleQuery),
    async (c) => {
      const actor = returnActor(c);
      const found = await returnableSale(companyDb(c), actor.companyId, c.req.valid("query").code, actor.locationId);
      return c.json(found);
    },
  )
  .get(
    "/sales",
    doc(
      "Las ventas completadas de un cliente (del local del vendedor), por páginas y con cuántas hay, para elegir cuál devuelve",
      {
        404: "El cliente no existe o es de otra empresa",
      },
    ),
    validate("query", CustomerSalesQuery),
    async (c) => {
      const actor = returnActor(c);
      const { customer_id, ...page } = c.req.valid("query");
      return c.json(await customerSalesToReturn(companyDb(c), actor.companyId, customer_id, actor.locationId, page));
    },
  )
  .post(
    "/",
    doc("Registra la devolución de unidades de una venta, o su cambio por otros productos, en un solo paso", {
      403: "La venta pasó el plazo de devolución y falta el PIN de un administrador, o el PIN es incorrecto",
      404: "La venta no existe o es de otra empresa",
      409: "La venta fue rechazada, no está confirmada o es de otro local; ya se devolvió lo pedido; no hay stock para el cambio; la caja no tiene el efectivo del reembolso; la clave de idempotencia es de otro usuario; el PIN de administrador no está configurado",
      422: "Faltan datos o no son válidos; el reembolso supera lo pagado; los pagos del cambio no cuadran con la diferencia",
      429: "Demasiados PIN incorrectos: espera unos minutos",
    }),
    validate("json", CreateReturnBody),
    async (c) => {
      const input = c.req.valid("json");
      const saved = await createReturn(companyDb(c), returnActor(c), {
        ...input,
        idempotencyKey: idempotencyKey(c.req.header("Idempotency-Key"), input.idempotencyKey),
      });
      drainOutboxesSoon(c, tenantId(c));
      const message = saved.kind === "exchange" ? "Cambio registrado" : "Devolución registrada";
      return c.json({ success: true, message, sale_return: saved }, 201);
    },
  )
  .get(
    "/:id",
    doc("Una devolución o cambio, con sus líneas y la venta del cambio", {
      404: "La devolución no existe, es de otra empresa o (vendedor) de otro local",
    }),
    validateId(),
    async (c) => {
      const actor = returnActor(c);
      const found = await oneReturn(companyDb(c), actor.companyId, c.req.valid("param").id);
      if (actor.locationId !== null && found.location_id !== actor.locationId) throw notFound(RETURN_NOT_FOUND);
      return c.json({ sale_return: found });
    },
  );
