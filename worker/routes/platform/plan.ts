import { Hono } from "hono";
import { requireAuth } from "../../auth/middleware";
import { companyDb } from "../../db/shards";
import { companyModules } from "../../domain/platform/plan-modules";
import { modulesOf } from "../../domain/platform/rules";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { doc } from "../../openapi/describe";

/** /api/v1/plan — what the caller's company plan includes, so the SPA hides the modules it leaves out. */
export const planRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/modules",
    doc("Muestra los módulos que incluye el plan de la empresa del usuario", { 404: "La empresa no existe" }),
    async (c) => {
      const companyId = c.get("user").companyId;
      // the superuser is not limited by a plan
      if (companyId === null) return c.json({ plan: null, plan_name: null, modules: modulesOf(null) });
      const plan = await companyModules(companyDb(c), companyId);
      if (!plan) throw notFound("Empresa no encontrada");
      return c.json(plan);
    },
  );
