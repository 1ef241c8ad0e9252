// The company's suppliers (issue 37): name, NIT with its DIAN check digit, contact and lead time.
import { and, asc, eq } from "drizzle-orm";
import { formatNit } from "../../../shared/nit";
import type { Db } from "../../db/client";
import { suppliers } from "../../db/schema";
import { isConstraint } from "../sales/statements";
import { companyRowOf } from "../shared/company-row";
import { conflict } from "../shared/errors";

export type Supplier = typeof suppliers.$inferSelect;

export interface SupplierFields {
  name: string;
  /** nine digits, its check digit apart (validated by the route: shared/nit.ts) */
  nit: string;
  nitCheckDigit: number;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  leadTimeDays: number;
}

export const SUPPLIER_NOT_FOUND = "Proveedor no encontrado";
export const NIT_TAKEN = "Ya hay un proveedor con ese NIT";

export function supplierOf(db: Db, companyId: number, id: number): Promise<Supplier> {
  return companyRowOf(db, suppliers, companyId, id, SUPPLIER_NOT_FOUND);
}

export function listSuppliers(db: Db, companyId: number, includeInactive: boolean) {
  return db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.companyId, companyId), includeInactive ? undefined : eq(suppliers.isActive, true)))
    .orderBy(asc(suppliers.name), asc(suppliers.id));
}

/** The row a write answered; another supplier with the NIT is 409 (the unique index decides a race). */
async function written(write: Promise<Supplier[]>): Promise<Supplier> {
  try {
    const [row] = await write;
    if (!row) throw new Error("supplier not written");
    return row;
  } catch (err) {
    if (isConstraint(err, "UNIQUE")) throw conflict(NIT_TAKEN);
    throw err;
  }
}

/** A new supplier. */
export function createSupplier(db: Db, companyId: number, fields: SupplierFields): Promise<Supplier> {
  return written(
    db
      .insert(suppliers)
      .values({ companyId, ...fields })
      .returning(),
  );
}

/** Edits a supplier (the fields sent), or switches it off/on; 404 for another company's. */
export async function updateSupplier(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<SupplierFields> & { isActive?: boolean },
): Promise<Supplier> {
  await supplierOf(db, companyId, id);
  return written(
    db
      .update(suppliers)
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)))
      .returning(),
  );
}

/** A supplier as the API shows it. */
export const supplierView = (s: Supplier) => ({
  id: s.id,
  name: s.name,
  nit: formatNit(s.nit, s.nitCheckDigit),
  contact_name: s.contactName,
  phone: s.phone,
  email: s.email,
  lead_time_days: s.leadTimeDays,
  is_active: s.isActive,
  created_at: s.createdAt,
});
