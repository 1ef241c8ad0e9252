// What the storefront's cart sends to reserve at a store (POST /api/v1/public/reservations), what it
// asks to know which stores have its lines (GET /api/v1/public/stock), and what the store's staff send
// to handle a web reservation (/api/v1/store-reservations), as valibot schemas.
import * as v from "valibot";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_LONG,
  CONTACT_NAME_MAX,
  CONTACT_NAME_REQUIRED,
  CONTACT_PHONE_INVALID,
  isPhoneLike,
} from "../../../shared/contact";
import { NEWSLETTER_EMAIL_INVALID } from "../../../shared/messages";
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_REQUIRED,
  MAX_PAIRS_PER_LINE,
  MAX_RESERVATION_LINES,
} from "../../../shared/reservations";
import { RESERVATION_FILTERS } from "../../domain/storefront/web-reservations";
import { pageQuery } from "../../lib/paging";
import { queryValue } from "../../lib/validation";

const PRODUCT_ID = "Cada producto debe ser el id de un producto de la tienda";
const QUANTITY = `La cantidad de cada talla debe ser un número entero de 1 a ${MAX_PAIRS_PER_LINE}`;
const STORE = "Elige la tienda donde quieres reservar";

export const ReservationBody = v.object({
  location_id: v.pipe(v.number(STORE), v.integer(STORE), v.minValue(1, STORE)),
  name: v.pipe(
    v.string(CONTACT_NAME_REQUIRED),
    v.trim(),
    v.minLength(2, CONTACT_NAME_REQUIRED),
    v.maxLength(CONTACT_NAME_MAX, CONTACT_NAME_LONG),
  ),
  /** the phone the store calls to confirm; kept as its digits */
  phone: v.pipe(
    v.string(CONTACT_PHONE_INVALID),
    v.trim(),
    v.check(isPhoneLike, CONTACT_PHONE_INVALID),
    v.transform((x) => x.replace(/\D/g, "")),
  ),
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string(NEWSLETTER_EMAIL_INVALID),
        v.trim(),
        v.maxLength(CONTACT_EMAIL_MAX, "El correo electrónico es demasiado largo."),
        v.check((x) => x === "" || v.is(v.pipe(v.string(), v.email()), x), NEWSLETTER_EMAIL_INVALID),
        v.transform((x) => (x === "" ? null : x.toLowerCase())),
      ),
    ),
    null,
  ),
  items: v.pipe(
    v.array(
      v.object({
        product_id: v.pipe(v.number(PRODUCT_ID), v.integer(PRODUCT_ID), v.minValue(1, PRODUCT_ID)),
        size: v.pipe(
          v.string("Elige la talla de cada producto"),
          v.trim(),
          v.nonEmpty("Elige la talla de cada producto"),
          v.maxLength(10, "La talla no es válida"),
        ),
        quantity: v.pipe(
          v.number(QUANTITY),
          v.integer(QUANTITY),
          v.minValue(1, QUANTITY),
          v.maxValue(MAX_PAIRS_PER_LINE, QUANTITY),
        ),
      }),
      "items debe ser la lista de productos del carrito",
    ),
    v.minLength(1, "Tu carrito está vacío"),
    v.maxLength(MAX_RESERVATION_LINES, `Una reserva tiene como máximo ${MAX_RESERVATION_LINES} productos`),
  ),
});

const IDS = `ids debe ser una lista de hasta ${MAX_RESERVATION_LINES * 2} ids de producto separados por comas`;
/** `ids=12,15,40`: the products of a cart (at most 20). */
export const StockQuery = v.object({
  ids: v.pipe(
    queryValue,
    v.regex(/^\d{1,9}(,\d{1,9}){0,19}$/, IDS),
    v.transform((x) => [...new Set(x.split(",").map(Number))]),
  ),
});

export const ReservationsQuery = v.object({
  status: v.optional(
    v.pipe(
      queryValue,
      v.picklist(
        RESERVATION_FILTERS,
        "El estado debe ser open, pending, confirmed, completed, cancelled, expired o all",
      ),
    ),
    "open",
  ),
  location_id: v.optional(
    v.pipe(queryValue, v.regex(/^\d{1,9}$/, "La tienda (location_id) debe ser un id"), v.transform(Number)),
  ),
  ...pageQuery(50, 200),
});

export const CancelBody = v.object({
  // a missing reason says what the empty one says
  reason: v.optional(
    v.pipe(
      v.string(CANCEL_REASON_REQUIRED),
      v.trim(),
      v.nonEmpty(CANCEL_REASON_REQUIRED),
      v.maxLength(CANCEL_REASON_MAX, `El motivo es demasiado largo (máximo ${CANCEL_REASON_MAX} caracteres)`),
    ),
    "",
  ),
});
