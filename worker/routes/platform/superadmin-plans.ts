import { Hono } from "hono";
import * as v from "valibot";
import { platformDb } from "../../db/shards";
import { createPlan, listPlans } from "../../domain/platform/plans";
import type { AppEnv } from "../../env";
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
      const plan = await createPlan(platformDb(c.env), c.req.valid("json"));
      return c.json({ message: "Plan creado exitosamente", plan }, 201);
    },
  );
