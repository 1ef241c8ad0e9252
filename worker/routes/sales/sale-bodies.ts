import * as v from "valibot";
import {
  DISCOUNT_FIELDS_REQUIRED,
  FILL_REQUIRED_FIELDS,
  SALE_DATE_INVALID,
  SALE_TOTAL_POSITIVE,
  SIZE_REQUIRED,
  TRANSFER_ID_MISSING,
} from "../../../shared/messages";
import type { DiscountDecision, NewDiscountRequest } from "../../domain/sales/discounts";
import { PIN_FORMAT } from "../../domain/sales/price-authority";
import { parseSoldAt } from "../../domain/sales/sale-date";
import { PAYMENT_TYPES } from "../../domain/sales/sale-pricing";
import type { NewSale, NewSaleFromTransfer, SaleConfirmation } from "../../domain/sales/types";
import { ApiError } from "../../lib/errors";
import {
  booleanLike,
  fileField,
  idLike,
  jsonText,
  numberLike,
  optionalText,
  queryValue,
  requiredText,
  withKeys,
} from "../../lib/validation";

/** An administrador's authorisation (POST /sales/price-overrides) to sell off the catalogue price. */
const PriceOverrideId = v.optional(v.nullable(idLike("La autorización de precio no es válida")));

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
 * The client's key (header or field) of a sale or a return; without one the call still happens once
 * per request.
 */
export function idempotencyKey(header: string | undefined, field: string | undefined): string {
  const key = header?.trim() || field;
  if (key && (key.length < 8 || key.length > 100)) throw new ApiError(422, "La clave de idempotencia no es válida");
  return key ?? crypto.randomUUID();
}

/**
 * POST /sales/create, as multipart (with the receipt photo; `items` and `payment_methods` as JSON text)
 * or JSON. `location_id` names the store when an administrador or superuser sells (sellerActor checks it).
 */
export const CreateSale = v.pipe(
  withKeys(
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
      discount_request_id: v.optional(v.nullable(idLike("El descuento no es válido")), null),
      idempotency_key: IdempotencyKey,
      receipt_image: fileField,
      // the company's customer the sale is made to (optional; another company's or an unknown one is 404)
      customer_id: v.optional(v.nullable(idLike("El cliente no es válido")), null),
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
  ),
  // the wire's fields as createSale's input; the key, the photo and the location are the route's to read
  v.transform(
    (
      b,
    ): SaleFields & {
      idempotencyKey: string | undefined;
      receiptImage: File | null | undefined;
      locationId: number | string | null | undefined;
    } => ({
      items: b.items,
      payments: b.payment_methods,
      totalAmount: b.total_amount,
      notes: b.notes,
      requiresConfirmation: b.requires_confirmation,
      discountRequestId: b.discount_request_id,
      customerId: b.customer_id,
      soldAt: b.sold_at,
      idempotencyKey: b.idempotency_key,
      receiptImage: b.receipt_image,
      locationId: b.location_id,
    }),
  ),
);

/** What a sale's body gives createSale: everything but the idempotency key and the stored receipt. */
type SaleFields = Omit<NewSale, "idempotencyKey" | "receipt">;

export const SaleFromTransfer = v.pipe(
  v.object({
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
  }),
  // the wire's fields as createSaleFromTransfer's input; the route settles the idempotency key
  v.transform((b): Omit<NewSaleFromTransfer, "idempotencyKey"> & { idempotencyKey: string | undefined } => ({
    transferId: b.transfer_id,
    quantity: b.quantity ?? null,
    totalAmount: b.total_amount,
    payments: b.payment_methods,
    notes: b.notes,
    idempotencyKey: b.idempotency_key,
    priceOverrideId: b.price_override_id ?? null,
  })),
);

/** Query of POST /sales/create-from-transfer: the store an administrador or superuser sells at. */
export const SellerLocationQuery = v.object({ location_id: v.optional(queryValue) });

export const ConfirmBody = v.pipe(
  v.object({
    sale_id: idLike("La venta no es válida"),
    confirmed: booleanLike("Indica si la venta se confirma (confirmed)"),
    confirmation_notes: optionalText(1000, "notas de confirmación"),
  }),
  // confirmSale's input
  v.transform((b): SaleConfirmation => ({ saleId: b.sale_id, confirmed: b.confirmed, notes: b.confirmation_notes })),
);

/** POST /discounts/request: a seller asks an administrador for a discount. */
export const RequestDiscount = v.pipe(
  v.object({
    amount: v.pipe(
      numberLike(DISCOUNT_FIELDS_REQUIRED),
      v.gtValue(0, DISCOUNT_FIELDS_REQUIRED),
      v.maxValue(100_000_000, "El descuento es demasiado alto"),
    ),
    reason: v.pipe(
      v.string(DISCOUNT_FIELDS_REQUIRED),
      v.trim(),
      v.nonEmpty(DISCOUNT_FIELDS_REQUIRED),
      v.maxLength(500, "La razón es demasiado larga"),
    ),
  }),
  // requestDiscount's input
  v.transform((b): NewDiscountRequest => ({ amountPesos: b.amount, reason: b.reason })),
);

/** POST /admin/admin/discount-requests/approve: an administrador's answer to a discount request. */
export const DecideDiscount = v.pipe(
  v.object({
    discount_request_id: idLike("La solicitud no es válida"),
    approved: booleanLike("Indica si se aprueba (approved)"),
    admin_notes: optionalText(500, "notas"),
  }),
  // decideDiscount's input
  v.transform(
    (b): DiscountDecision => ({ requestId: b.discount_request_id, approved: b.approved, notes: b.admin_notes }),
  ),
);
