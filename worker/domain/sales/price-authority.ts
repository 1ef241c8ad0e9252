// Price authority: the catalogue prices every sale line. A seller sells at another price only with an
// administrador's authorisation, given by the administrador typing their PIN on the seller's phone.
// The authorisation is a row (who approved, old and new price, reason) that one sale line uses once.
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { PRICE_OVERRIDE_TTL_MINUTES } from "../../../shared/constants";
import { productRefusal } from "../../../shared/messages";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { priceOverrides, products, sales, users } from "../../db/schema";
import { type Page, pageInfo } from "../../lib/paging";
import { acquireAttempt, attemptFailed, attemptSucceeded, tooManyAttemptsMessage } from "../accounts/login-throttle";
import { conflict, type DomainError, forbidden, invalid, malformed, notFound, tooMany } from "../shared/errors";
import { copText, toCentavos, toPesos } from "../shared/money";

export const WRONG_PIN = "PIN de administrador incorrecto";
export const NO_PIN_SET =
  "Ningún administrador de la empresa ha configurado su PIN de autorización (Mi cuenta → PIN de autorización)";
export const PIN_FORMAT = "El PIN debe tener entre 4 y 6 dígitos";

export function pinProblem(pin: string): string | null {
  return /^\d{4,6}$/.test(pin) ? null : PIN_FORMAT;
}

/** An administrador sets (or changes) their PIN, confirming it with their password. */
export async function setAdminPin(db: Db, userId: number, currentPassword: string, pin: string) {
  const problem = pinProblem(pin);
  if (problem) throw invalid(problem);
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound("Usuario no encontrado");
  if (user.role !== "administrador") throw forbidden("Solo un administrador puede tener PIN de autorización");
  await throttled(
    db,
    `pin-set:${userId}`,
    () => verifyPassword(currentPassword, user.passwordHash),
    () => malformed("La contraseña actual es incorrecta"),
  );
  await db
    .update(users)
    .set({ pinHash: await hashPassword(pin), updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId));
}

/**
 * Runs `check` inside the login throttle's slots for `key`: five wrong tries in 15 minutes lock the key
 * for 15 minutes, and a burst cannot outrun the count (the slot is taken before the check).
 */
async function throttled<T>(db: Db, key: string, check: () => Promise<T | false | null>, wrong: () => DomainError) {
  const refused = await acquireAttempt(db, key);
  if (refused) {
    throw tooMany(tooManyAttemptsMessage(refused.retryAfterMs), Math.ceil(refused.retryAfterMs / 1000));
  }
  let result: T | false | null;
  try {
    result = await check();
  } catch (err) {
    await attemptSucceeded(db, key); // frees the slot; an internal error is not a wrong PIN
    throw err;
  }
  if (!result) {
    await attemptFailed(db, key, new Date());
    throw wrong();
  }
  await attemptSucceeded(db, key);
  return result;
}

/** The administrador of the company whose PIN this is, if any. */
async function administradorWithPin(db: Db, companyId: number, pin: string) {
  const admins = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, pinHash: users.pinHash })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, "administrador"),
        eq(users.isActive, true),
        isNotNull(users.pinHash),
      ),
    );
  if (admins.length === 0) throw conflict(NO_PIN_SET);
  for (const admin of admins) {
    if (admin.pinHash && (await verifyPassword(pin, admin.pinHash))) return admin;
  }
  return null;
}

/**
 * The administrador whose PIN this is (a seller asking for an authorisation types it on their phone);
 * wrong PINs are throttled per seller like sign-ins: 403, then 429.
 */
export function administradorByPin(db: Db, companyId: number, askedBy: number, pin: string) {
  return throttled(
    db,
    `pin:${companyId}:${askedBy}`,
    () => administradorWithPin(db, companyId, pin),
    () => forbidden(WRONG_PIN),
  );
}

export interface OverrideRequest {
  sneaker_reference_code: string;
  new_price: number;
  reason: string;
  admin_pin: string;
}

/** An administrador's PIN authorises this seller to sell one product at another price, for a while. */
export async function authorizePriceOverride(
  db: Db,
  seller: { id: number; companyId: number },
  request: OverrideRequest,
) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, seller.companyId), eq(products.referenceCode, request.sneaker_reference_code)))
    .limit(1);
  const refused = productRefusal(product, request.sneaker_reference_code);
  if (refused || !product) throw invalid(refused ?? "");
  const newPrice = toCentavos(request.new_price);
  if (newPrice === product.unitPrice) {
    throw invalid(`${copText(product.unitPrice)} ya es el precio de catálogo; no hace falta autorización`);
  }
  const admin = await administradorByPin(db, seller.companyId, seller.id, request.admin_pin);
  const expiresAt = new Date(Date.now() + PRICE_OVERRIDE_TTL_MINUTES * 60_000).toISOString();
  const [row] = await db
    .insert(priceOverrides)
    .values({
      companyId: seller.companyId,
      productId: product.id,
      requestedBy: seller.id,
      approvedBy: admin.id,
      cataloguePrice: product.unitPrice,
      newPrice,
      reason: request.reason,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error("price override not returned by its insert");
  return {
    id: row.id,
    sneaker_reference_code: product.referenceCode,
    catalogue_price: toPesos(row.cataloguePrice),
    new_price: toPesos(row.newPrice),
    reason: row.reason,
    approved_by: { id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim() },
    expires_at: row.expiresAt,
  };
}

export type Override = typeof priceOverrides.$inferSelect;

/** Why an authorisation cannot price this line (null when it can). */
export function overrideProblem(
  override: Override | undefined,
  line: { sellerId: number; productId: number; ref: string; unitPriceCentavos: number },
  now: Date,
): DomainError | null {
  if (!override || override.requestedBy !== line.sellerId) return notFound("Autorización de precio no encontrada");
  if (override.productId !== line.productId) {
    return invalid(`La autorización de precio no es para ${line.ref}`);
  }
  if (override.usedInSaleId !== null) return conflict("La autorización de precio ya se usó en otra venta");
  if (Date.parse(override.expiresAt) <= now.getTime()) {
    return conflict("La autorización de precio venció; pídela de nuevo");
  }
  if (override.newPrice !== line.unitPriceCentavos) {
    return invalid(`El precio autorizado para ${line.ref} es ${copText(override.newPrice)}`);
  }
  return null;
}

export function offCataloguePrice(ref: string, cataloguePrice: number) {
  return invalid(
    `El precio de ${ref} en el catálogo es ${copText(cataloguePrice)}; para venderlo a otro precio pide la autorización de un administrador (Cambiar precio)`,
  );
}

const approver = alias(users, "approver");
const requester = alias(users, "requester");

/** A page of the company's price overrides, newest first, and how many there are in all (issue 32 §4). */
export async function listPriceOverrides(
  db: Db,
  companyId: number,
  from: string | null,
  to: string | null,
  page: Page,
) {
  const where = and(
    eq(priceOverrides.companyId, companyId),
    from ? sql`substr(${priceOverrides.createdAt}, 1, 10) >= ${from}` : undefined,
    to ? sql`substr(${priceOverrides.createdAt}, 1, 10) <= ${to}` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        o: priceOverrides,
        ref: products.referenceCode,
        brand: products.brand,
        model: products.model,
        approverFirst: approver.firstName,
        approverLast: approver.lastName,
        requesterFirst: requester.firstName,
        requesterLast: requester.lastName,
        saleDate: sales.saleDate,
      })
      .from(priceOverrides)
      .innerJoin(products, eq(products.id, priceOverrides.productId))
      .innerJoin(approver, eq(approver.id, priceOverrides.approvedBy))
      .innerJoin(requester, eq(requester.id, priceOverrides.requestedBy))
      .leftJoin(sales, eq(sales.id, priceOverrides.usedInSaleId))
      .where(where)
      .orderBy(desc(priceOverrides.createdAt), desc(priceOverrides.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`COUNT(*)` }).from(priceOverrides).where(where),
  ]);
  const overrides = rows.map((r) => ({
    id: r.o.id,
    created_at: r.o.createdAt,
    sneaker_reference_code: r.ref,
    product_name: `${r.brand} ${r.model}`,
    catalogue_price: toPesos(r.o.cataloguePrice),
    new_price: toPesos(r.o.newPrice),
    difference: toPesos(r.o.newPrice - r.o.cataloguePrice),
    reason: r.o.reason,
    approved_by: `${r.approverFirst} ${r.approverLast}`.trim(),
    requested_by: `${r.requesterFirst} ${r.requesterLast}`.trim(),
    sale_id: r.o.usedInSaleId,
    sale_date: r.saleDate,
    status:
      r.o.usedInSaleId !== null
        ? ("usada" as const)
        : Date.parse(r.o.expiresAt) <= Date.now()
          ? ("vencida" as const)
          : ("vigente" as const),
  }));
  return { overrides, ...pageInfo(page, Number(counted?.n ?? 0)) };
}
