import { createMiddleware } from "hono/factory";
import { companyDb } from "../db/shards";
import { companyModules } from "../domain/platform/plan-modules";
import { moduleNotIncluded, type PlanModule } from "../domain/platform/rules";
import type { AppEnv } from "../env";
import { forbidden } from "../lib/errors";

/**
 * Plan guard; use after requireAuth and the role guard. A company user whose plan leaves the module
 * out gets 403 "Tu plan no incluye el módulo de …". The superuser (no company) is not limited by plans.
 */
export function requireModule(module: PlanModule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const companyId = c.get("user").companyId;
    if (companyId !== null) {
      const plan = await companyModules(companyDb(c), companyId);
      if (!plan?.modules[module]) throw forbidden(moduleNotIncluded(module));
    }
    await next();
  });
}
