import { createMiddleware } from "hono/factory";
import { appConfig } from "../config";
import { readClaims } from "../db/request-claims";
import type { Role } from "../db/schema";
import { accountsDb } from "../db/shards";
import type { AppEnv, AuthUser } from "../env";
import { forbidden, unauthenticated } from "../lib/errors";
import { assertAccountUsable, assertTokenCurrent, loadAccount, SESSION_ENDED } from "./accounts";
import { assertScope } from "./scope";

/** Bearer token → live user row; 401 when missing/invalid, 403 when the account can no longer be used. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!/^Bearer\s+\S+$/i.test(c.req.header("Authorization") ?? "")) throw unauthenticated();
  const claims = await readClaims(c, appConfig(c.env).jwtSecret);
  if (!claims) throw unauthenticated(SESSION_ENDED);
  // a company the directory no longer knows (companySessions left no home): its sessions are over
  if (c.get("home") === undefined) throw unauthenticated(SESSION_ENDED);
  const row = await loadAccount(await accountsDb(c.env, claims.cid), claims.sub);
  if (!row) throw unauthenticated(SESSION_ENDED);
  assertTokenCurrent(claims, row);
  assertAccountUsable(row);
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    companyId: row.companyId,
    locationId: row.locationId,
    locationName: row.locationName,
    locationType: row.locationType,
    locationActive: row.locationActive,
  };
  c.set("user", user);
  await next();
});

/**
 * Role guard; use after requireAuth. A bodeguero or a seller is also refused without a usable location
 * of their own (worker/auth/scope.ts): every route they may call is scoped to it.
 */
export function requireRole(...allowed: readonly Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!allowed.includes(user.role)) throw forbidden();
    assertScope(user);
    await next();
  });
}
