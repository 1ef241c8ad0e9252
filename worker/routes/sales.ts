import { Hono } from "hono";
import * as v from "valibot";
import {
  FILL_REQUIRED_FIELDS,
  SALE_DATE_INVALID,
  SALE_TOTAL_POSITIVE,
  SIZE_REQUIRED,
  TRANSFER_ID_MISSING,
} from "../../shared/messages";
import { sellerActor } from "../auth/actor";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { tenantId } from "../auth/tenant";
import { companyDb } from "../db/shards";
import { authorizePriceOverride, NO_PIN_SET, PIN_FORMAT, WRONG_PIN } from "../domain/price-authority";
import { parseSoldAt } from "../domain/sale-date";
import { PAYMENT_TYPES } from "../domain/sale-pricing";
import {
  confirmSale,
  createSale,
  createSaleFromTransfer,
  daySummary,
  type SaleDto,
  salesAndReturnsOfDay,
  salesOfDay,
} from "../domain/sales/index";
import { bogotaDate } from "../domain/time";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { newObjectKey, readImageUpload } from "../lib/uploads";
import {
  booleanLike,
  fileField,
  jsonText,
  numberLike,
  optionalText,
  queryValue,
  requiredText,
  validate,
  validateBody,
  withKeys,
} from "../lib/validation";
import { doc } from "../openapi/describe";

/** An administrador's authorisation (POST /sales/price-overrides) to sell off the catalogue price. */
const PriceOverrideId = v.optional(
  v.nullable(
    v.pipe(
      numberLike("La autorización de precio no es válida"),
      v.integer("La autorización de precio no es válida"),
      v.minValue(1, "La autorización de precio no es válida"),
    ),
  ),
);

export const SaleLine = v.object({
  sneaker_reference_code: v.pipe(
    v.string("Cada producto necesita su código de referencia"),
    v.trim(),
    v.nonEmpty(FILL_REQUIRED_FIELDS),
    v.maxLength(60, "El código de referencia es demasiado largo"),
  ),
  brand: v.optional(v.pipe(v.string(), v.maxLength(80))),
  model: v.optional(v.pipe(v.string(), v.maxLength(120))),
  color: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60)))),
  size: v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], SIZE_REQUIRED),
    v.transform((s) => s.trim()),
    v.nonEmpty(FILL_REQUIRED_FIELDS),
    v.maxLength(10, "La talla no es válida"),
  ),
  quantity: v.pipe(
    numberLike("La cantidad debe ser un número"),
    v.integer("La cantidad debe ser un número entero"),
    v.minValue(1, "La cantidad mínima es 1"),
    v.maxValue(1000, "La cantidad es demasiado alta"),
  ),
  // without a price the line sells at the catalogue's; another price needs price_override_id
  unit_price: v.optional(
    v.pipe(
      numberLike("El precio unitario debe ser un número"),
      v.gtValue(0, "El precio unitario debe ser mayor que cero"),
      v.maxValue(1_000_000_000, "El precio es demasiado alto"),
    ),
  ),
  price_override_id: PriceOverrideId,
});

/** POST /sales/price-overrides: an administrador's PIN authorises another price for one product. */
export const PriceOverrideBody = v.object({
  sneaker_reference_code: v.pipe(
    v.string("Indica la referencia del producto"),
    v.trim(),
    v.nonEmpty("Indica la referencia del producto"),
    v.maxLength(60, "El código de referencia es demasiado largo"),
  ),
  new_price: v.pipe(
    numberLike("El nuevo precio debe ser un número"),
    v.gtValue(0, "El nuevo precio debe ser mayor que cero"),
    v.maxValue(1_000_000_000, "El precio es demasiado alto"),
  ),
  reason: requiredText("Indica el motivo del cambio de precio", 300),
  admin_pin: v.pipe(v.string(PIN_FORMAT), v.trim(), v.regex(/^\d{4,6}$/, PIN_FORMAT)),
});

const PAYMENT_TYPE_TEXT = "El método de pago debe ser efectivo, tarjeta o transferencia";

/** One payment entry; the spec writes its kind as `type`, Horma's screens as `payment_type` (both accepted). */
export const Payment = v.pipe(
  v.object({
    payment_type: v.optional(v.picklist(PAYMENT_TYPES, PAYMENT_TYPE_TEXT)),
    type: v.optional(v.picklist(PAYMENT_TYPES, PAYMENT_TYPE_TEXT)),
    amount: v.pipe(
      numberLike("El monto del pago debe ser un número"),
      v.minValue(0, "Los montos de pago no pueden ser negativos"),
      v.maxValue(10_000_000_000, "El monto es demasiado alto"),
    ),
    reference: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60, "La referencia del pago es demasiado larga")))),
    // efectivo: the cash handed over; the answer gives the change
    cash_received: v.optional(
      v.nullable(
        v.pipe(
          numberLike("El efectivo recibido debe ser un número"),
          v.minValue(0, "El efectivo recibido no puede ser negativo"),
          v.maxValue(10_000_000_000, "El monto es demasiado alto"),
        ),
      ),
    ),
  }),
  v.check((p) => (p.payment_type ?? p.type) !== undefined, PAYMENT_TYPE_TEXT),
  v.transform(({ type, payment_type, ...rest }) => ({
    ...rest,
    payment_type: (payment_type ?? type) as (typeof PAYMENT_TYPES)[number],
  })),
);

export const Payments = v.pipe(
  v.array(Payment, "Los métodos de pago deben ser una lista"),
  v.minLength(1, "Agrega al menos un método de pago"),
  v.maxLength(10, "Demasiados métodos de pago"),
);

export const IdempotencyKey = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(8, "La clave de idempotencia es demasiado corta"),
    v.maxLength(100, "La clave de idempotencia es demasiado larga"),
  ),
);

/**
 * POST /sales/create, as multipart (with the receipt photo; `items` and `payment_methods` as JSON text)
 * or JSON. `location_id` names the store when an administrador or superuser sells (sellerActor checks it).
 */
export const CreateSale = withKeys(
  ["items", "payment_methods"],
  v.object({
    items: jsonText(
      v.pipe(
        v.array(SaleLine, "Los productos deben ser una lista"),
        v.minLength(1, "La venta debe tener al menos un producto"),
        v.maxLength(50, "Demasiados productos en una venta"),
      ),
      "items",
    ),
    payment_methods: jsonText(Payments, "payment_methods"),
    total_amount: v.pipe(numberLike("El total debe ser un número"), v.gtValue(0, SALE_TOTAL_POSITIVE)),
    notes: optionalText(1000, "notas"),
    requires_confirmation: v.optional(booleanLike("requires_confirmation debe ser verdadero o falso"), false),
    discount_request_id: v.optional(
      v.nullable(
        v.pipe(
          numberLike("El descuento no es válido"),
          v.integer("El descuento no es válido"),
          v.minValue(1, "El descuento no es válido"),
        ),
      ),
      null,
    ),
    idempotency_key: IdempotencyKey,
    receipt_image: fileField,
    // the company's customer the sale is made to (optional; another company's or an unknown one is 404)
    customer_id: v.optional(
      v.nullable(
        v.pipe(
          numberLike("El cliente no es válido"),
          v.integer("El cliente no es válido"),
          v.minValue(1, "El cliente no es válido"),
        ),
      ),
      null,
    ),
    // when the phone made the sale (its offline outbox sends it later): the sale is dated with it, within
    // bounds (sale-date.ts); absent, the sale is dated now
    sold_at: v.optional(
      v.nullable(
        v.pipe(
          v.string(SALE_DATE_INVALID),
          v.trim(),
          v.check((text) => parseSoldAt(text) !== null, SALE_DATE_INVALID),
        ),
      ),
      null,
    ),
    // any value: sellerActor answers 404 for one that is not a store of the company, and ignores it for a seller
    location_id: v.optional(v.custom<number | string | null>(() => true)),
  }),
);

export const SaleFromTransfer = v.object({
  transfer_id: v.pipe(numberLike(TRANSFER_ID_MISSING), v.integer(), v.minValue(1, TRANSFER_ID_MISSING)),
  // pairs of the transfer this sale takes; absent: every pair left of it
  quantity: v.optional(
    v.nullable(
      v.pipe(
        numberLike("La cantidad de pares debe ser un número entero"),
        v.integer("La cantidad de pares debe ser un número entero"),
        v.minValue(1, "La cantidad de pares debe ser al menos 1"),
      ),
    ),
  ),
  total_amount: v.pipe(numberLike("El total debe ser un número"), v.gtValue(0, SALE_TOTAL_POSITIVE)),
  payment_methods: Payments,
  notes: optionalText(1000, "notas"),
  idempotency_key: IdempotencyKey,
  price_override_id: PriceOverrideId,
});

/** Query of POST /sales/create-from-transfer: the store an administrador or superuser sells at. */
export const SellerLocationQuery = v.object({ location_id: v.optional(queryValue) });

export const ConfirmBody = v.object({
  sale_id: v.pipe(
    numberLike("La venta no es válida"),
    v.integer("La venta no es válida"),
    v.minValue(1, "La venta no es válida"),
  ),
  confirmed: booleanLike("Indica si la venta se confirma (confirmed)"),
  confirmation_notes: optionalText(1000, "notas de confirmación"),
});

function saleResponse(sale: SaleDto, message: string) {
  return {
    success: true,
    message,
    sale_id: sale.id,
    sale_details: {
      total_amount: sale.total_amount,
      subtotal_amount: sale.subtotal_amount,
      discount_amount: sale.discount_amount,
      items_count: sale.items_count,
      items: sale.items,
      payment_methods: sale.payment_methods,
      notes: sale.notes,
      transfer_id: sale.transfer_id,
      // the printable receipt the customer gets: /recibo/<token>
      receipt_token: sale.receipt_token,
    },
    customer: sale.customer,
    status_info: {
      status: sale.status,
      requires_confirmation: sale.requires_confirmation,
      confirmed: sale.confirmed,
    },
    total_amount: sale.total_amount,
    status: sale.status,
    sale_timestamp: sale.sale_date,
    receipt_info: { has_receipt: sale.has_receipt, stored_in: sale.has_receipt ? "r2" : null, url: sale.receipt_image },
    seller_info: {
      seller_id: sale.seller_id,
      seller_name: sale.seller_name,
      location_id: sale.location_id,
      location_name: sale.location_name,
    },
  };
}

function idempotencyKey(header: string | undefined, field: string | undefined): string {
  const key = header?.trim() || field;
  if (key && (key.length < 8 || key.length > 100)) throw new ApiError(422, "La clave de idempotencia no es válida");
  return key ?? crypto.randomUUID();
}

/** /api/v1/sales — seller area (spec 1 §7); administrador and superuser act at a named location. */
export const salesRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .post(
    "/create",
    doc("Registra una venta del local con sus productos, pagos y la foto del recibo opcional", {
      404: "La ubicación indicada (location_id), la solicitud de descuento o el cliente (customer_id) no existe o es de otra empresa",
      409: "El administrador no indicó la ubicación; no hay stock suficiente o la talla no existe en el local; el descuento no está aprobado o ya se usó; la autorización de precio ya se usó o venció; la clave de idempotencia es de otro vendedor; la caja del local se cerró mientras se registraba una venta con sold_at (reintentar)",
      413: "La foto del recibo pesa más de 5 MB",
      415: "La foto del recibo no es una imagen JPG, PNG, GIF o WebP",
      422: "La clave de idempotencia no es válida; una referencia no existe en el catálogo; un precio no es el del catálogo y no trae autorización; el total o los pagos no cuadran con los productos; sold_at no es una fecha ISO 8601 con zona, es más de 5 minutos futura o de hace más de 72 horas",
      503: "No se pudo guardar la foto del recibo (la venta no se registró)",
    }),
    validateBody(CreateSale),
    async (c) => {
      const body = c.req.valid("form");
      const seller = await sellerActor(c, body.location_id);
      const db = companyDb(c);
      const key = idempotencyKey(c.req.header("Idempotency-Key"), body.idempotency_key);
      let receipt: { key: string; contentType: string } | null = null;
      if (body.receipt_image) {
        const image = await readImageUpload(body.receipt_image);
        const objectKey = newObjectKey(seller.companyId, "receipts/sales", image.type.ext);
        try {
          await c.env.FILES.put(objectKey, image.bytes, { httpMetadata: { contentType: image.type.mime } });
        } catch {
          throw new ApiError(
            503,
            "No se pudo guardar la foto del recibo. La venta no se registró; intenta nuevamente.",
          );
        }
        receipt = { key: objectKey, contentType: image.type.mime };
      }
      let sale: SaleDto;
      try {
        sale = await createSale(db, seller, {
          items: body.items,
          payments: body.payment_methods,
          totalAmount: body.total_amount,
          notes: body.notes,
          requiresConfirmation: body.requires_confirmation,
          discountRequestId: body.discount_request_id,
          idempotencyKey: key,
          receipt,
          customerId: body.customer_id,
          soldAt: body.sold_at,
        });
      } catch (err) {
        // Nothing was recorded: do not keep an orphan receipt.
        if (receipt) await c.env.FILES.delete(receipt.key).catch(() => undefined);
        throw err;
      }
      if (receipt && sale.receipt_image !== `/api/v1/files/${receipt.key}`) {
        // An idempotent retry returned the earlier sale: this upload is not referenced.
        await c.env.FILES.delete(receipt.key).catch(() => undefined);
      }
      return c.json(saleResponse(sale, "Venta registrada exitosamente"), 201);
    },
  )
  .post(
    "/price-overrides",
    doc("Autoriza con el PIN de un administrador vender un producto a otro precio (una vez, por 30 minutos)", {
      403: WRONG_PIN,
      409: NO_PIN_SET,
      422: "El producto no existe o el precio es el mismo del catálogo",
      429: "Demasiados PIN incorrectos; espera 15 minutos",
    }),
    validate("json", PriceOverrideBody),
    async (c) => {
      const user = c.get("user");
      const override = await authorizePriceOverride(
        companyDb(c),
        { id: user.id, companyId: tenantId(c) },
        c.req.valid("json"),
      );
      return c.json({ success: true, message: `Precio autorizado por ${override.approved_by.name}`, override }, 201);
    },
  )
  .post(
    "/create-from-transfer",
    doc(
      "Vende pares que llegaron al local con una transferencia completada: los que se indiquen en quantity (por defecto, todos los que quedan)",
      {
        404: "La ubicación indicada (location_id) o la transferencia no existe",
        409: "El administrador no indicó la ubicación; la transferencia no fue recibida en el local, aún no se recibió, es una devolución, o no le quedan tantos pares por vender (ya se vendieron o van de vuelta); la clave de idempotencia es de otro vendedor",
        422: "La clave de idempotencia no es válida; la cantidad no es válida; el total no cuadra con los pagos o no es el precio de catálogo de los pares vendidos",
      },
    ),
    validate("query", SellerLocationQuery),
    validate("json", SaleFromTransfer),
    async (c) => {
      const body = c.req.valid("json");
      const seller = await sellerActor(c, c.req.valid("query").location_id);
      const db = companyDb(c);
      const sale = await createSaleFromTransfer(db, seller, {
        transferId: body.transfer_id,
        quantity: body.quantity ?? null,
        totalAmount: body.total_amount,
        payments: body.payment_methods,
        notes: body.notes,
        idempotencyKey: idempotencyKey(c.req.header("Idempotency-Key"), body.idempotency_key),
        priceOverrideId: body.price_override_id ?? null,
      });
      return c.json(saleResponse(sale, "Venta registrada exitosamente"), 201);
    },
  )
  .get(
    "/today",
    doc("Lista las ventas del día con su resumen: las propias (vendedor) o las de toda la empresa"),
    async (c) => {
      const user = c.get("user");
      const { list, returned } = await salesAndReturnsOfDay(
        companyDb(c),
        tenantId(c),
        user.role === "seller" ? user.id : null,
      );
      const summary = daySummary(list, returned);
      return c.json({
        success: true,
        message: "Ventas del día",
        timestamp: new Date().toISOString(),
        date: bogotaDate(),
        seller_info: { seller_id: user.id, seller_name: `${user.firstName} ${user.lastName}` },
        // the spec reads the day summary at the top level; `summary` keeps it grouped for Horma's screens
        ...summary,
        summary,
        sales: list,
      });
    },
  )
  .get("/pending-confirmation", doc("Reúne las ventas del día que esperan confirmación"), async (c) => {
    const user = c.get("user");
    const list = await salesOfDay(companyDb(c), tenantId(c), user.role === "seller" ? user.id : null);
    const pending = list.filter((s) => s.status === "completed" && s.requires_confirmation && !s.confirmed);
    return c.json({
      success: true,
      date: bogotaDate(),
      pending_sales: pending,
      count: pending.length,
      total_amount: pending.reduce((acc, s) => acc + Math.round(s.total_amount * 100), 0) / 100,
    });
  })
  .post(
    "/confirm",
    doc("Confirma una venta pendiente, o la rechaza y devuelve sus pares al inventario", {
      404: "La venta no existe, es de otra empresa o (para un vendedor) es de otro vendedor",
      409: "La venta no está pendiente de confirmación",
    }),
    validate("json", ConfirmBody),
    async (c) => {
      const body = c.req.valid("json");
      const user = c.get("user");
      const result = await confirmSale(
        companyDb(c),
        { id: user.id, companyId: tenantId(c), role: user.role },
        { saleId: body.sale_id, confirmed: body.confirmed, notes: body.confirmation_notes },
      );
      return c.json({
        success: true,
        message: result.confirmed ? "Venta confirmada exitosamente" : "Venta rechazada; el inventario fue restaurado",
        sale_id: body.sale_id,
        ...result,
      });
    },
  );
