// Codes the Worker and the SPA both use: the API's enums, said once. Labels stay with the screens.

export const ROLES = ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"] as const;
export type Role = (typeof ROLES)[number];

/** Spec 1 §4: superadmin→superuser, admin→administrador, vendedor→seller, unknown→seller. */
export function normalizeRole(raw: string | null | undefined): Role {
  const role = (raw ?? "").trim().toLowerCase();
  switch (role) {
    case "superuser":
    case "superadmin":
      return "superuser";
    case "administrador":
    case "admin":
      return "administrador";
    case "boss":
    case "bodeguero":
    case "corredor":
      return role;
    default:
      // "seller", "vendedor" and any unknown role.
      return "seller";
  }
}

export const LOCATION_TYPES = ["local", "bodega"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/**
 * The roles that work at one location, and the kind each needs (issue 32 §1): a bodeguero keeps a
 * warehouse, a seller sells at a store. Every call of theirs is scoped to it, so without one they
 * cannot work (never the whole company). Corredores, administradores and the boss need none.
 */
export const SCOPED_ROLES = { bodeguero: "bodega", seller: "local" } as const satisfies Partial<
  Record<Role, LocationType>
>;
export type ScopedRole = keyof typeof SCOPED_ROLES;

/** The kind of location a role needs, or null when it works without one. */
export function locationTypeFor(role: string): LocationType | null {
  return role === "bodeguero" || role === "seller" ? SCOPED_ROLES[role] : null;
}

export const TRANSFER_STATUSES = [
  "pending",
  "accepted",
  "courier_assigned",
  "in_transit",
  // the courier could not deliver and is taking the units back to the source (issue 32 §3); it ends
  // cancelled once they are back there (stock back at the source through the ledger)
  "returning_to_origin",
  "delivered",
  "completed",
  "cancelled",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer still under way: neither completed nor cancelled. */
export const OPEN_TRANSFER_STATUSES = [
  "pending",
  "accepted",
  "courier_assigned",
  "in_transit",
  "returning_to_origin",
  "delivered",
] as const;

/**
 * Why a courier could not deliver (a failed delivery attempt, issue 32 §3): a fixed list, with a note
 * that «Otro» requires. Every attempt is kept (delivery_attempts), never overwritten.
 */
export const DELIVERY_FAILURE_REASONS = ["local_cerrado", "nadie_recibe", "direccion_errada", "otro"] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];
export const DELIVERY_FAILURE_LABELS: Record<DeliveryFailureReason, string> = {
  local_cerrado: "Local cerrado",
  nadie_recibe: "Nadie recibe",
  direccion_errada: "Dirección errada",
  otro: "Otro",
};

/** Who picks a transfer up at its source: the courier or the requesting seller. */
export const PICKUP_TYPES = ["corredor", "vendedor"] as const;
export type PickupType = (typeof PICKUP_TYPES)[number];

export const PAYMENT_TYPES = ["efectivo", "tarjeta", "transferencia"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** what a sale's payments may be: money, or the credit of the sale an exchange took back (never sent by a client) */
export const SALE_PAYMENT_TYPES = [...PAYMENT_TYPES, "nota_credito"] as const;
export type SalePaymentType = (typeof SALE_PAYMENT_TYPES)[number];
/**
 * How a bill is paid: a platform invoice marked paid by the superuser, an operating cost paid by the
 * administrador. A fixed list (validated by the Worker), shown with BILL_PAYMENT_METHOD_LABELS.
 */
export const BILL_PAYMENT_METHODS = ["transferencia", "consignacion", "pse", "tarjeta", "efectivo"] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];
export const BILL_PAYMENT_METHOD_LABELS: Record<BillPaymentMethod, string> = {
  transferencia: "Transferencia bancaria",
  consignacion: "Consignación",
  pse: "PSE",
  tarjeta: "Tarjeta",
  efectivo: "Efectivo",
};
/** why a customer brings a sale back */
export const RETURN_REASONS = ["talla", "defecto", "no_le_gusto", "otro"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const PLAN_CODES = ["basic", "professional", "enterprise", "custom"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const COST_TYPES = [
  "arriendo",
  "servicios",
  "nomina",
  "mercancia",
  "comisiones",
  "transporte",
  "otros",
] as const;
export type CostType = (typeof COST_TYPES)[number];

export const FREQUENCIES = ["daily", "weekly", "monthly", "quarterly", "annual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Who a shoe is made for (catalogue). */
export const GENDERS = ["hombre", "mujer", "unisex", "nino"] as const;
export type Gender = (typeof GENDERS)[number];

/** Product categories of the catalogue. */
/**
 * A product's IVA (Estatuto Tributario): general rate 19 %, reduced 5 %, exento (taxed at 0 %, the seller
 * may claim input IVA) and excluido (outside IVA). Shelf prices include the IVA.
 */
export const TAX_CLASSES = ["iva_19", "iva_5", "exento", "excluido"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  iva_19: "IVA 19 %",
  iva_5: "IVA 5 %",
  exento: "Exento (0 %)",
  excluido: "Excluido de IVA",
};
export const DEFAULT_TAX_CLASS: TaxClass = "iva_19";

export const CATEGORIES = ["running", "tennis", "basketball", "casual"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  running: "Running",
  tennis: "Tenis",
  basketball: "Baloncesto",
  casual: "Casual",
};

export const GENDER_LABELS: Record<Gender, string> = {
  hombre: "Hombre",
  mujer: "Mujer",
  unisex: "Unisex",
  nino: "Niño/a",
};

/** Prices of a product whose every change is recorded. */
export const PRICE_FIELDS = ["unit_price", "box_price", "cost_price"] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** The kinds of unit a stock cell counts. */
export const UNIT_KINDS = ["pairs", "left", "right", "exhibition"] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** Why an administrador or keeper adjusts stock by hand. */
export const ADJUSTMENT_REASONS = [
  "conteo_fisico",
  "dano",
  "perdida_robo",
  "encontrado",
  "correccion_ingreso",
  "paso_exhibicion",
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  conteo_fisico: "Conteo físico",
  dano: "Daño",
  perdida_robo: "Pérdida o robo",
  encontrado: "Encontrado",
  correccion_ingreso: "Corrección de ingreso",
  paso_exhibicion: "Paso a exhibición",
};

export const UNIT_KIND_LABELS: Record<UnitKind, string> = {
  pairs: "Pares",
  left: "Pie izquierdo",
  right: "Pie derecho",
  exhibition: "Exhibición",
};

/** How long an administrador's price override stays usable by the seller it was given to. */
export const PRICE_OVERRIDE_TTL_MINUTES = 30;

/** Identity documents a customer may give (the ones Colombian electronic invoicing names for people and companies). */
export const DOCUMENT_TYPES = ["CC", "NIT", "CE", "PASAPORTE"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  CC: "Cédula de ciudadanía",
  NIT: "NIT",
  CE: "Cédula de extranjería",
  PASAPORTE: "Pasaporte",
};

/** The authorisation a customer gives before their data is stored (Ley 1581 de 2012, habeas data). */
export const DATA_CONSENT_TEXT =
  "El cliente autoriza el tratamiento de sus datos personales (nombre, documento, teléfono y correo) para registrar sus compras y emitir su factura, conforme a la Ley 1581 de 2012. Puede conocer, actualizar, rectificar o pedir la supresión de sus datos en cualquier momento.";
