import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { plans } from "../../db/schema";
import { platformDb } from "../../db/shards";
import { listPlans } from "../../domain/platform/plans";
import { toCentavos } from "../../domain/shared/money";
import type { AppEnv } from "../../env";
import { conflict } from "../../lib/errors";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

import { PlanCreate } from "./superadmin-bodies";

/** /api/v1/superadmin — the plan templates. */
export const superadminPlansRoutes = new Hono<AppEnv>()
  .get(
    "/plans",
    doc("Lista los planes de suscripción (solo los activos, salvo que se pida lo contrario)"),
    validate(
      "query",
      v.object({ active_only: v.optional(v.picklist(["true", "false"], "active_only debe ser true o false"), "true") }),
    ),
    async (c) => c.json({ plans: await listPlans(platformDb(c.env), c.req.valid("query").active_only === "true") }),
  )
  .post(
    "/plans",
    doc("Crea un plan de suscripción con sus límites, precio y módulos", { 409: "Ya existe un plan con ese código" }),
    validate("json", PlanCreate),
    async (c) => {
      const b = c.req.valid("json");
      const db = platformDb(c.env);
      const [taken] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.planCode, b.plan_code)));
      if (taken) throw conflict("Ya existe un plan con ese código");
      await db.insert(plans).values({
        planCode: b.plan_code,
        displayName: b.display_name,
        description: b.description,
        maxLocations: b.max_locations,
        maxEmployees: b.max_employees,
        pricePerLocation: toCentavos(b.price_per_location),
        features: b.features,
        sortOrder: b.sort_order,
      });
      const plan = (await listPlans(db, false)).find((p) => p.plan_code === b.plan_code);
      return c.json({ message: "Plan creado exitosamente", plan }, 201);
    },
  );
