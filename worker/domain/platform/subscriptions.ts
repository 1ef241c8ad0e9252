// Subscription changes (spec 2 §2 Subscriptions): applied at once when their effective date is today
// or earlier, scheduled when it is later. A scheduled change waits (one per company; a newer change
// replaces it, the superuser can cancel it) until the daily Cron Trigger applies it on its date, so
// the current period is still invoiced at the old price. A change never leaves a company with more
// active locations or employees than its new limits: refused (409) when asked, and marked `blocked`
// with the reason when its date comes and the company no longer fits.
import { and, desc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { companies, plans, subscriptionChanges } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { activeEmployees } from "../accounts/staff";
import { conflict, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { bogotaDate } from "../shared/time";
import { companyRow, getCompany } from "./companies";
import { syncGrant } from "./grant";
import { limitExcess, planDisplayName } from "./rules";

const activeLocations = (companyId: number) =>
  sql<number>`(SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1)`;

/** Inside a batch: the company's active locations and employees fit the limits. */
const fits = (companyId: number, maxLocations: number, maxEmployees: number): SQL =>
  sql`${activeLocations(companyId)} <= ${maxLocations} AND ${activeEmployees(companyId)} <= ${maxEmployees}`;

/** What the company uses, read on its shard (where its limits are enforced). */
async function usageOf(shard: Db, companyId: number) {
  const [row] = await shard
    .select({ locations: activeLocations(companyId), employees: activeEmployees(companyId) })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { locations: Number(row?.locations ?? 0), employees: Number(row?.employees ?? 0) };
}

async function planName(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ name: plans.displayName }).from(plans).where(eq(plans.planCode, code)).limit(1);
  return planDisplayName(code, row?.name);
}

/** null when the company fits the limits, else the Spanish reason naming the excess. */
async function excessFor(d: Databases, companyId: number, plan: string, maxLocations: number, maxEmployees: number) {
  const [name, usage] = await Promise.all([planName(d.platform, plan), usageOf(await d.company(companyId), companyId)]);
  return limitExcess(name, usage, { maxLocations, maxEmployees });
}

type Terms = { plan: string; maxLocations: number; maxEmployees: number; pricePerLocation: number };

/**
 * The company's shard takes the new limits first, in one statement guarded by what the company uses
 * there: a location or an employee created meanwhile (checked against the shard's limits in its own
 * batch) either came first and refuses this, or comes after and meets the new limits. False: refused.
 */
async function takeTermsOnShard(d: Databases, companyId: number, terms: Terms): Promise<boolean> {
  const shard = await d.company(companyId);
  const result = await shard
    .update(companies)
    .set({
      subscriptionPlan: terms.plan,
      maxLocations: terms.maxLocations,
      maxEmployees: terms.maxEmployees,
      pricePerLocation: terms.pricePerLocation,
    })
    .where(and(eq(companies.id, companyId), fits(companyId, terms.maxLocations, terms.maxEmployees)))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

const CHANGED_MEANWHILE = "La suscripción cambió mientras se procesaba; actualiza e intenta de nuevo";

export interface SubscriptionChangeInput {
  companyId: number;
  plan: string;
  maxLocations: number;
  maxEmployees: number;
  pricePerLocation: number;
  /** absent: today */
  effectiveDate: string | undefined;
  reason: string | null;
}

export async function changeSubscription(
  d: Databases,
  actorId: number,
  input: SubscriptionChangeInput,
  today = bogotaDate(),
) {
  const effectiveDate = input.effectiveDate ?? today;
  const db = d.platform;
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, input.companyId), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) throw notFound("Empresa no encontrada");
  const excess = await excessFor(d, company.id, input.plan, input.maxLocations, input.maxEmployees);
  if (excess) throw conflict(excess);
  const now = new Date().toISOString();
  const history = {
    companyId: company.id,
    oldPlan: company.subscriptionPlan,
    newPlan: input.plan,
    oldMaxLocations: company.maxLocations,
    newMaxLocations: input.maxLocations,
    oldMaxEmployees: company.maxEmployees,
    newMaxEmployees: input.maxEmployees,
    oldPricePerLocation: company.pricePerLocation,
    newPricePerLocation: input.pricePerLocation,
    effectiveDate: effectiveDate,
    reason: input.reason,
    changedBy: actorId,
  };
  // A newer change replaces the one waiting, whether it applies now or is scheduled itself.
  const replaceWaiting = (why: string) =>
    db
      .update(subscriptionChanges)
      .set({ status: "cancelled", statusReason: why, resolvedAt: now })
      .where(and(eq(subscriptionChanges.companyId, company.id), eq(subscriptionChanges.status, "scheduled")));

  if (effectiveDate > today) {
    // nothing changes on the company until the date: the current period is invoiced at the old price
    const [, [change]] = await db.batch([
      replaceWaiting(`Reemplazado por el cambio programado para el ${effectiveDate}`),
      db
        .insert(subscriptionChanges)
        .values({ ...history, status: "scheduled" })
        .returning(),
    ]);
    if (!change) throw new Error("subscription change not inserted");
    return { scheduled: true as const, company: await getCompany(d, company.id), change: toChangeDto(change) };
  }

  // The shard takes the limits first, guarded by what the company uses there; then the platform's row
  // and its history, only if the company is still as read (its updated_at). When the platform refuses,
  // the shard gets the platform's terms back.
  if (!(await takeTermsOnShard(d, company.id, input))) throw conflict(CHANGED_MEANWHILE);
  try {
    await db.batch([
      db
        .update(companies)
        .set({
          subscriptionPlan: input.plan,
          maxLocations: input.maxLocations,
          maxEmployees: input.maxEmployees,
          pricePerLocation: input.pricePerLocation,
          updatedAt: now,
        })
        .where(and(eq(companies.id, company.id), eq(companies.updatedAt, company.updatedAt))),
      requireChanged(db, "company_unchanged"),
      replaceWaiting(`Reemplazado por el cambio aplicado el ${today}`),
      db.insert(subscriptionChanges).values({ ...history, status: "applied", resolvedAt: now }),
    ]);
  } catch (err) {
    await syncGrant(d, company.id);
    if (isGuardFailure(err)) throw conflict(CHANGED_MEANWHILE);
    throw err;
  }
  await syncGrant(d, company.id);
  return { scheduled: false as const, company: await getCompany(d, company.id) };
}

/** The superuser cancels a change that is still waiting for its date. */
export async function cancelScheduledChange(db: Db, changeId: number) {
  const [row] = await db.select().from(subscriptionChanges).where(eq(subscriptionChanges.id, changeId)).limit(1);
  if (!row) throw notFound("Cambio de plan no encontrado");
  const [updated] = await db
    .update(subscriptionChanges)
    .set({ status: "cancelled", statusReason: "Cancelado por el superadmin", resolvedAt: new Date().toISOString() })
    .where(and(eq(subscriptionChanges.id, changeId), eq(subscriptionChanges.status, "scheduled")))
    .returning();
  if (!updated) throw conflict(`Este cambio de plan ya no está programado (${STATUS_LABEL[row.status]})`);
  return toChangeDto(updated);
}

const STATUS_LABEL: Record<ChangeRow["status"], string> = {
  applied: "aplicado",
  scheduled: "programado",
  cancelled: "cancelado",
  blocked: "no aplicado",
};

export type ApplyResult = { applied: number[]; blocked: number[]; cancelled: number[] };

/**
 * The Cron Trigger's work: applies every scheduled change whose date has come. Each one is one guarded
 * batch: the change goes from scheduled to applied (recording the plan it replaces as it is now) and
 * only then, in the same transaction, the company takes the new plan, provided it still fits the new
 * limits. Running it again (or twice at once) applies nothing more.
 */
export async function applyDueSubscriptionChanges(d: Databases, today = bogotaDate()): Promise<ApplyResult> {
  const db = d.platform;
  const due = await db
    .select({ change: subscriptionChanges, deletedAt: companies.deletedAt })
    .from(subscriptionChanges)
    .innerJoin(companies, eq(companies.id, subscriptionChanges.companyId))
    .where(and(eq(subscriptionChanges.status, "scheduled"), lte(subscriptionChanges.effectiveDate, today)))
    .orderBy(subscriptionChanges.effectiveDate, subscriptionChanges.id);
  const result: ApplyResult = { applied: [], blocked: [], cancelled: [] };
  for (const { change, deletedAt } of due) {
    const outcome = deletedAt ? "cancelled" : await applyOne(d, change);
    if (outcome === "cancelled") await resolve(db, change.id, "cancelled", "La empresa fue eliminada");
    if (outcome) result[outcome].push(change.id);
  }
  return result;
}

type ChangeRow = typeof subscriptionChanges.$inferSelect;

/** Marks a still-scheduled change as blocked or cancelled (a no-op when something else resolved it). */
function resolve(db: Db, id: number, status: "blocked" | "cancelled", reason: string) {
  return db
    .update(subscriptionChanges)
    .set({ status, statusReason: reason, resolvedAt: new Date().toISOString() })
    .where(and(eq(subscriptionChanges.id, id), eq(subscriptionChanges.status, "scheduled")));
}

async function applyOne(d: Databases, change: ChangeRow): Promise<"applied" | "blocked" | "cancelled" | null> {
  const db = d.platform;
  const id = change.companyId;
  const blockedReason = async () => {
    const excess = await excessFor(d, id, change.newPlan, change.newMaxLocations, change.newMaxEmployees);
    return excess ? `No se aplicó en su fecha: ${excess}` : null;
  };
  const early = await blockedReason();
  if (early) {
    await resolve(db, change.id, "blocked", early);
    return "blocked";
  }
  const terms = {
    plan: change.newPlan,
    maxLocations: change.newMaxLocations,
    maxEmployees: change.newMaxEmployees,
    pricePerLocation: change.newPricePerLocation,
  };
  // the shard first, guarded by what the company uses there (see changeSubscription)
  if (!(await takeTermsOnShard(d, id, terms))) {
    const reason = await blockedReason();
    if (!reason) return null; // it fits again: the next run tries again
    await resolve(db, change.id, "blocked", reason);
    return "blocked";
  }
  const now = new Date().toISOString();
  const current = (column: string) => sql`(SELECT ${sql.raw(column)} FROM companies WHERE id = ${id})`;
  try {
    await db.batch([
      db
        .update(subscriptionChanges)
        .set({
          status: "applied",
          resolvedAt: now,
          oldPlan: current("subscription_plan"),
          oldMaxLocations: current("max_locations"),
          oldMaxEmployees: current("max_employees"),
          oldPricePerLocation: current("price_per_location"),
        })
        .where(and(eq(subscriptionChanges.id, change.id), eq(subscriptionChanges.status, "scheduled"))),
      requireChanged(db, "change_still_scheduled"),
      db
        .update(companies)
        .set({
          subscriptionPlan: change.newPlan,
          maxLocations: change.newMaxLocations,
          maxEmployees: change.newMaxEmployees,
          pricePerLocation: change.newPricePerLocation,
          updatedAt: now,
        })
        .where(and(eq(companies.id, id), isNull(companies.deletedAt))),
      requireChanged(db, "company_exists"),
    ]);
  } catch (err) {
    await syncGrant(d, id);
    if (!isGuardFailure(err)) throw err;
    // Which guard stopped it: read the state again.
    const [row] = await db
      .select({ status: subscriptionChanges.status, deletedAt: companies.deletedAt })
      .from(subscriptionChanges)
      .innerJoin(companies, eq(companies.id, subscriptionChanges.companyId))
      .where(eq(subscriptionChanges.id, change.id));
    if (row?.status !== "scheduled") return null; // another run resolved it
    if (row.deletedAt) return "cancelled";
    const reason = await blockedReason();
    if (!reason) return null; // left scheduled: the next run tries again
    await resolve(db, change.id, "blocked", reason);
    return "blocked";
  }
  await syncGrant(d, id);
  return "applied";
}

export function toChangeDto(r: ChangeRow) {
  return {
    id: r.id,
    company_id: r.companyId,
    old_plan: r.oldPlan,
    new_plan: r.newPlan,
    old_max_locations: r.oldMaxLocations,
    new_max_locations: r.newMaxLocations,
    old_max_employees: r.oldMaxEmployees,
    new_max_employees: r.newMaxEmployees,
    old_price_per_location: r.oldPricePerLocation === null ? null : toPesos(r.oldPricePerLocation),
    new_price_per_location: toPesos(r.newPricePerLocation),
    effective_date: r.effectiveDate,
    reason: r.reason,
    status: r.status,
    status_reason: r.statusReason,
    resolved_at: r.resolvedAt,
    created_at: r.createdAt,
  };
}

export async function subscriptionHistory(db: Db, companyId: number) {
  await companyRow(db, companyId);
  const rows = await db
    .select()
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.companyId, companyId))
    .orderBy(desc(subscriptionChanges.createdAt), desc(subscriptionChanges.id));
  return rows.map(toChangeDto);
}
