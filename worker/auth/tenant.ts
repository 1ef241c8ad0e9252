import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { invalid } from "../lib/errors";

/**
 * The company every query of this request is scoped to. Company users get their own;
 * the superuser (the only cross-tenant role) names one with `?company_id=`.
 */
export function tenantId(c: Context<AppEnv>): number {
  const user = c.get("user");
  if (user.companyId !== null) return user.companyId;
  const raw = c.req.query("company_id") ?? c.req.header("X-Company-Id");
  if (!raw || !/^\d{1,12}$/.test(raw)) {
    throw invalid("Indica la empresa (company_id) para operar como superusuario");
  }
  return Number(raw);
}

/** `company_id = ?` plus any further conditions: the one way company rows are filtered. */
export function inTenant(column: SQLiteColumn, companyId: number, ...more: (SQL | undefined)[]): SQL {
  return and(eq(column, companyId), ...more) as SQL;
}
