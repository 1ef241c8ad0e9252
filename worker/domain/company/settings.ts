// What the administrador sets for the company's receipts (the legal name and NIT printed at the top, a
// phone, the return policy printed at the foot) and for its tills and returns.
import { eq } from "drizzle-orm";
import type { TaxClass } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { notFound } from "../shared/errors";
import { toCentavos, toPesos } from "../shared/money";

export interface ReceiptSettings {
  legal_name?: string | null | undefined;
  tax_id?: string | null | undefined;
  phone?: string | null | undefined;
  return_policy?: string | null | undefined;
  /** days a seller may take a sale back without an administrador's PIN */
  return_window_days?: number | undefined;
  /** sales and returns at a store need its till open */
  require_open_till?: boolean | undefined;
  /** pesos: a till closed with a cash difference above it is flagged */
  till_alert_threshold?: number | undefined;
  /** a store without a usable DIAN numbering range cannot sell (off: it issues non-fiscal documents) */
  require_fiscal_numbering?: boolean | undefined;
  /** the IVA class a new product takes */
  default_tax_class?: TaxClass | undefined;
}

function settingsView(c: typeof companies.$inferSelect) {
  return {
    name: c.name,
    legal_name: c.legalName,
    tax_id: c.taxId,
    phone: c.phone,
    return_policy: c.returnPolicy,
    return_window_days: c.returnWindowDays,
    require_open_till: c.requireOpenTill,
    till_alert_threshold: toPesos(c.tillAlertThreshold),
    require_fiscal_numbering: c.requireFiscalNumbering,
    default_tax_class: c.defaultTaxClass,
  };
}

export async function receiptSettings(db: Db, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw notFound("Empresa no encontrada");
  return settingsView(row);
}

/** Sets the fields given (null clears one); the others stay. */
export async function updateReceiptSettings(db: Db, companyId: number, input: ReceiptSettings) {
  const set = {
    ...(input.legal_name !== undefined ? { legalName: input.legal_name } : {}),
    ...(input.tax_id !== undefined ? { taxId: input.tax_id } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.return_policy !== undefined ? { returnPolicy: input.return_policy } : {}),
    ...(input.return_window_days !== undefined ? { returnWindowDays: input.return_window_days } : {}),
    ...(input.require_open_till !== undefined ? { requireOpenTill: input.require_open_till } : {}),
    ...(input.till_alert_threshold !== undefined ? { tillAlertThreshold: toCentavos(input.till_alert_threshold) } : {}),
    ...(input.require_fiscal_numbering !== undefined ? { requireFiscalNumbering: input.require_fiscal_numbering } : {}),
    ...(input.default_tax_class !== undefined ? { defaultTaxClass: input.default_tax_class } : {}),
  };
  if (Object.keys(set).length === 0) return receiptSettings(db, companyId);
  const [row] = await db
    .update(companies)
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw notFound("Empresa no encontrada");
  return settingsView(row);
}
