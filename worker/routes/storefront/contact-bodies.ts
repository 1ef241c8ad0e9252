// What the storefront's contact form sends (POST /api/v1/public/contact) and the stores' contact details
// the administrador sets on a location (opening hours, WhatsApp), as valibot schemas.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { uniqueSymbol } from "hono-openapi";
import * as v from "valibot";
import {
  contactEmail,
  contactMessage,
  contactName,
  contactPhone,
  OPENING_HOURS_MAX,
  WHATSAPP_INVALID,
  whatsappDigits,
} from "../../../shared/contact";
import { isValidKey, KEY_INVALID } from "../../domain/shared/idempotency";
import type { AppEnv } from "../../env";
import { invalid } from "../../lib/errors";
import { clearableText } from "../../lib/validation";

const emptyToNull = v.transform((x: string) => (x === "" ? null : x));

export const ContactBody = v.object({
  // a missing field says what the empty one says (as requiredText does)
  name: v.optional(contactName, ""),
  email: v.optional(contactEmail, ""),
  phone: v.optional(v.nullable(v.pipe(contactPhone, emptyToNull)), null),
  message: v.optional(contactMessage, ""),
  /** one of the company's stores, to address the message to (GET /public/stores lists them) */
  location_id: v.optional(
    v.nullable(
      v.pipe(
        v.number("La tienda debe ser el id de una de nuestras tiendas"),
        v.integer("La tienda debe ser el id de una de nuestras tiendas"),
        v.minValue(1, "La tienda debe ser el id de una de nuestras tiendas"),
      ),
    ),
    null,
  ),
});

/** A public create's Idempotency-Key header, trimmed; null when absent. */
export function publicKeyOf(c: Context): string | null {
  return c.req.header("Idempotency-Key")?.trim() || null;
}

/**
 * The optional Idempotency-Key of a public create: checked (422 when malformed) before the route runs,
 * and documented as the header parameter it is. The general key middleware skips public routes (its
 * keys belong to a user), so the route keeps the key with what it creates (`publicKeyOf`).
 */
export function publicIdempotencyKey() {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const key = publicKeyOf(c);
    if (key !== null && !isValidKey(key)) throw invalid(KEY_INVALID);
    await next();
  });
  const parameters = [
    {
      in: "header" as const,
      name: "Idempotency-Key",
      required: false,
      description:
        "Clave única del envío (8–100 caracteres); un reintento con la misma clave y los mismos datos no guarda otro mensaje",
      schema: { type: "string" as const, minLength: 8, maxLength: 100 },
    },
  ];
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { parameters } } });
}

/** A store's opening hours: one line, cleared with null or "". */
export const openingHoursField = clearableText(OPENING_HOURS_MAX, "horario");

/** A store's WhatsApp: a Colombian mobile in any usual spelling, stored as its 10 digits; null or "" clears it. */
export const whatsappField = v.optional(
  v.nullable(
    v.pipe(
      v.string(WHATSAPP_INVALID),
      v.trim(),
      v.check((x) => x === "" || whatsappDigits(x) !== null, WHATSAPP_INVALID),
      v.transform((x) => (x === "" ? null : whatsappDigits(x))),
    ),
  ),
);
