// The storefront's contact form and the stores' contact details (issue 32 §6): limits, messages, the
// fields' rules and the WhatsApp number's one spelling, for the Worker's validation and the SPA's forms alike.
import * as v from "valibot";
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_EMAIL_REQUIRED } from "./messages";

export const CONTACT_NAME_MAX = 120;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_NAME_REQUIRED = "Escribe tu nombre.";
export const CONTACT_NAME_LONG = `El nombre es demasiado largo (máximo ${CONTACT_NAME_MAX} caracteres).`;
export const CONTACT_MESSAGE_SHORT = `Cuéntanos un poco más (mínimo ${CONTACT_MESSAGE_MIN} caracteres).`;
export const CONTACT_MESSAGE_LONG = `El mensaje es demasiado largo (máximo ${CONTACT_MESSAGE_MAX} caracteres).`;
export const CONTACT_PHONE_INVALID =
  "Escribe un teléfono válido: de 7 a 15 dígitos (puede llevar +, espacios o guiones).";
export const CONTACT_STORE_UNKNOWN = "Esa tienda no existe o ya no atiende; elige una de la lista.";
/** What the form says once the message is kept (and the API answers). */
export const CONTACT_THANKS = "Recibimos tu mensaje; te responderemos a tu correo";

// The form's fields, as typed text: the API wraps them (absent fields, null phone), the form uses them as they are.
export const contactName = v.pipe(
  v.string(CONTACT_NAME_REQUIRED),
  v.trim(),
  v.minLength(2, CONTACT_NAME_REQUIRED),
  v.maxLength(CONTACT_NAME_MAX, CONTACT_NAME_LONG),
);
export const contactEmail = v.pipe(
  v.string(NEWSLETTER_EMAIL_REQUIRED),
  v.trim(),
  v.nonEmpty(NEWSLETTER_EMAIL_REQUIRED),
  v.maxLength(CONTACT_EMAIL_MAX, "El correo electrónico es demasiado largo."),
  v.email(NEWSLETTER_EMAIL_INVALID),
);
/** Optional: "" when left empty. */
export const contactPhone = v.pipe(
  v.string(CONTACT_PHONE_INVALID),
  v.trim(),
  v.check((x) => x === "" || isPhoneLike(x), CONTACT_PHONE_INVALID),
);
export const contactMessage = v.pipe(
  v.string(CONTACT_MESSAGE_SHORT),
  v.trim(),
  v.minLength(CONTACT_MESSAGE_MIN, CONTACT_MESSAGE_SHORT),
  v.maxLength(CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_LONG),
);

/** A store's opening hours: one short line ("Lun–Sáb 9:00–19:00 · Dom 10:00–17:00"). */
export const OPENING_HOURS_MAX = 120;
export const WHATSAPP_INVALID =
  "El WhatsApp debe ser un celular colombiano de 10 dígitos que empiece por 3 (por ejemplo 300 123 4567).";

/** A phone as a customer types it: 7 to 15 digits, with +, spaces, dots, dashes or brackets between them. */
export function isPhoneLike(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/**
 * A Colombian mobile as it is stored: its 10 digits ("300 123 4567", "+57 300-123-4567" and
 * "(57) 3001234567" are all "3001234567"); null when the text is not one.
 */
export function whatsappDigits(text: string): string | null {
  const compact = text.trim().replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, "");
  if (digits.length === 12 && digits.startsWith("57")) digits = digits.slice(2);
  return /^3\d{9}$/.test(digits) ? digits : null;
}

/** The stored digits as people read them: "300 123 4567" (anything else as it is). */
export function formatWhatsapp(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;
}

/** The chat link of a stored number (Colombia's country code first), with an optional first message. */
export function whatsappLink(digits: string, text?: string): string {
  const base = `https://wa.me/57${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
