// Messages the Worker answers and the SPA also shows (its own checks before sending), said once.

// Sales
export const AMOUNTS_DO_NOT_MATCH = "Los montos no coinciden";
export const FILL_REQUIRED_FIELDS = "Complete todos los campos requeridos";
export const SALE_TOTAL_POSITIVE = "El total de la venta debe ser mayor que cero";
export const TRANSFER_ID_MISSING = "❌ Error: No se encontró el ID de transferencia. Por favor, intenta nuevamente.";
// sold_at: the instant an offline sale was made (the server dates the sale with it, within bounds)
export const SALE_DATE_INVALID =
  "La fecha de la venta (sold_at) no es válida: usa una fecha y hora ISO 8601 con zona, p. ej. 2026-01-31T19:50:00.000Z";
export const SALE_DATE_FUTURE = "La fecha de la venta no puede ser futura";
export const SALE_DATE_TOO_OLD = "La venta es de hace más de 72 horas; regístrala con la fecha de hoy";
export const DISCOUNT_FIELDS_REQUIRED = "Por favor ingrese el monto y la razón del descuento";
export const EXPENSE_CONCEPT_REQUIRED = "El concepto es requerido";
export const EXPENSE_AMOUNT_MIN = "El monto debe ser al menos 0,01";

// Accounts and people
export const INACTIVE_ACCOUNT = "Tu cuenta está desactivada. Contacta al administrador.";
export const WRONG_CREDENTIALS = "Correo o contraseña incorrectos.";
export const FIRST_NAME_REQUIRED = "El nombre es requerido";
export const LAST_NAME_REQUIRED = "El apellido es requerido";
export const EMAIL_REQUIRED = "El email es requerido";
export const EMAIL_INVALID = "El email no es válido";
export const EMAIL_NOT_VALID = "El correo no es válido";
export const ROLE_REQUIRED = "El rol es requerido";
export const ROLE_CANNOT_CHANGE = "El rol no se puede cambiar";
// a role that works at one location (shared/constants SCOPED_ROLES): the user forms and the API refuse
// it without one of the right kind, and every call of such a user without it is refused
export const SELLER_NEEDS_STORE = "Un vendedor necesita un local";
export const KEEPER_NEEDS_WAREHOUSE = "Un bodeguero necesita una bodega";
export const SELLER_WITHOUT_STORE = "No tienes un local activo asignado. Pide a un administrador que te asigne uno.";
export const KEEPER_WITHOUT_WAREHOUSE =
  "No tienes una bodega activa asignada. Pide a un administrador que te asigne una.";
export const PASSWORD_REQUIRED = "La contraseña es requerida";
export const PASSWORD_MIN_6 = "La contraseña debe tener al menos 6 caracteres";
export const CURRENT_PASSWORD_REQUIRED = "La contraseña actual es requerida";
export const NEW_PASSWORD_SAME = "La nueva contraseña debe ser distinta de la actual";
export const STRONG_PASSWORD =
  "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial";
export const PASSWORD_RULE_LENGTH = "Mínimo 8 caracteres";
export const PASSWORD_RULE_UPPERCASE = "Al menos una letra mayúscula";
export const PASSWORD_RULE_NUMBER = "Al menos un número";
export const PASSWORD_RULE_SPECIAL = "Al menos un carácter especial";

// Costs and locations
export const COST_TYPE_REQUIRED = "El tipo de costo es requerido";
export const COST_AMOUNT_REQUIRED = "El monto es requerido";
export const COST_AMOUNT_POSITIVE = "El monto debe ser mayor a 0";
export const COST_CATEGORY_REQUIRED = "La categoría es requerida";
export const COST_DESCRIPTION_REQUIRED = "La descripción es requerida";
export const COST_FREQUENCY_REQUIRED = "La frecuencia es requerida";
export const LOCATION_REQUIRED = "La ubicación es requerida";
export const LOCATION_INVALID = "Por favor selecciona una ubicación válida";
export const CAPACITY_INTEGER = "La capacidad debe ser un número entero";
export const DATE_RANGE_REVERSED = "La fecha inicial no puede ser posterior a la final";
export const DATE_RANGE_TOO_LONG = "El rango máximo es de un año";

// Platform: companies, plans, subscriptions
export const COMPANY_NAME_REQUIRED = "El nombre de la empresa es requerido";
export const COMPANY_EMAIL_REQUIRED = "El correo de la empresa es requerido";
export const SUBDOMAIN_REQUIRED = "El subdominio es requerido";
export const SUBDOMAIN_PATTERN = "El subdominio solo puede tener letras minúsculas, números y guiones";
export const PRICE_PER_LOCATION_INVALID = "El precio por ubicación debe ser un número no negativo";
export const PLAN_CODE_REQUIRED = "El código del plan es requerido";
export const PLAN_CODE_PATTERN = "El código del plan solo admite letras, números, - y _";
export const PLAN_NAME_REQUIRED = "El nombre del plan es requerido";
export const PLAN_CODE_INVALID = "El plan debe ser basic, professional, enterprise o custom";
export const EFFECTIVE_DATE_INVALID = "La fecha efectiva no es válida";
export const SETUP_KEY_REQUIRED = "La clave de instalación es requerida";

// Transfers
export const PICKUP_REQUIRED = "Debe seleccionar quién recogerá el producto";
export const RETURN_REASON_REQUIRED = "Debe seleccionar un motivo";
export const REFERENCE_CODE_REQUIRED = "El código de referencia es requerido";
export const SOURCE_LOCATION_UNKNOWN = "Error: No se pudo determinar la ubicación de origen para la transferencia";
export const NO_COURIER_ASSIGNED = "No hay corredor asignado para esta solicitud";
/** A failed delivery attempt with the reason «Otro» says what happened. */
export const FAILURE_NOTE_REQUIRED = "Con el motivo «Otro», cuenta en la nota qué pasó";
export const FAILURE_REASON_REQUIRED = "Elige por qué no se pudo entregar";

// Inventory, wholesale and uploads
export const BRAND_REQUIRED = "La marca es requerida";
export const MODEL_REQUIRED = "El modelo es requerido";
export const SIZE_REQUIRED = "La talla es requerida";
export const BOX_PRICE_INVALID = "El precio por caja no es válido";
export const UNIT_PRICE_INVALID = "Por favor ingresa un precio unitario válido";
export const COST_PRICE_INVALID = "El precio de costo no es válido";
/** Said (not refused) when the cost typed in an entry is above the selling price. */
export const COST_ABOVE_PRICE = "El costo es mayor que el precio de venta: cada par se vendería con pérdida";
export const DISTRIBUTION_REQUIRED = "Por favor ingresa al menos una talla con distribución válida";
export const WHOLESALE_MODEL_REQUIRED = "El modelo es obligatorio";
export const WHOLESALE_PRICE_POSITIVE = "El precio debe ser mayor a 0";
export const WHOLESALE_BOXES_MIN = "La cantidad de cajas debe ser mayor o igual a 0";
export const WHOLESALE_PAIRS_PER_BOX_POSITIVE = "Los pares por caja deben ser mayor a 0";
export const IMAGE_TOO_LARGE = "El archivo es demasiado grande. Máximo 5MB";
export const VIDEO_TOO_LARGE = "El video es demasiado grande. Máximo 500MB";
export const VIDEO_NOT_FOUND = "No se encontró el archivo de video";

// Public store
export const NEWSLETTER_EMAIL_REQUIRED = "Escribe tu correo electrónico.";
export const NEWSLETTER_EMAIL_INVALID = "Escribe un correo electrónico válido.";

/** The same Idempotency-Key is still running elsewhere (another tab, a retry): try again shortly. */
export const KEY_IN_PROGRESS =
  "Una solicitud con esta clave de idempotencia todavía está en proceso. Intenta de nuevo en unos segundos.";
/** The key's first call wrote and stopped without an answer: running it again could do it twice. */
export const KEY_OUTCOME_UNKNOWN =
  "La operación con esta clave ya se registró, pero su respuesta se perdió. Revisa el resultado antes de repetirla.";

// Catalogue
/** Why a product cannot be sold, requested or priced: unknown to the catalogue, or there but inactive. */
export function productRefusal(product: { isActive: boolean } | undefined | null, reference: string): string | null {
  if (!product) return `El producto con referencia ${reference} no existe en el catálogo`;
  if (!product.isActive) return `El producto con referencia ${reference} está inactivo`;
  return null;
}

/** The end of every 409 of a cash exit the drawer cannot pay: the screens offer the PIN on it. */
export const CASH_COVER_HINT = "Un administrador puede autorizarlo con su PIN y un motivo";
/** Whether a refusal is a cash exit the drawer cannot pay (a 409 that an administrador's PIN covers). */
export const asksCashCover = (message: string) => message.includes(CASH_COVER_HINT);
