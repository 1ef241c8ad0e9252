// What the administrador sets for the company's receipts: the legal name and NIT printed at the top, a
// phone, and the return policy printed at the foot.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { notFound } from "../lib/errors";

export interface ReceiptSettings {
  legal_name?: string | null | undefined;
  tax_id?: string | null | undefined;
  phone?: string | null | undefined;
  return_policy?: string | null | undefined;
}

function settingsView(c: typeof companies.$inferSelect) {
  return {
    name: c.name,
    legal_name: c.legalName,
    tax_id: c.taxId,
    phone: c.phone,
    return_policy: c.returnPolicy,
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
