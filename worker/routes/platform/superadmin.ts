import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { appConfig } from "../../config";
import { platformDatabases, platformDb } from "../../db/shards";
import { createFirstSuperadmin } from "../../domain/accounts/setup";
import { syncSuperusers } from "../../domain/platform/grant";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";

import { superadminBillingRoutes } from "./superadmin-billing";
import { FirstSuperadminBody } from "./superadmin-bodies";
import { superadminCompaniesRoutes } from "./superadmin-companies";
import { superadminPeopleRoutes } from "./superadmin-people";
import { superadminPlansRoutes } from "./superadmin-plans";

/** /api/v1/superadmin — the platform console (spec 2 §7); superuser only except the one-time setup. One router per resource. */
export const superadminRoutes = new Hono<AppEnv>()
  .post(
    "/setup/first-superadmin",
    doc("Crea el primer superadministrador de la plataforma con la clave de instalación", {
      403: "La clave de instalación no es correcta",
      409: "Ya existe un superadministrador; ya existe un usuario con ese correo",
    }),
    validate("json", FirstSuperadminBody),
    async (c) => {
      const user = await createFirstSuperadmin(platformDb(c.env), appConfig(c.env).setupSecret, c.req.valid("json"));
      await syncSuperusers(platformDatabases(c.env));
      return c.json({ message: "Primer superadmin creado exitosamente", user }, 201);
    },
  )
  .use(requireAuth, requireRole("superuser"))
  .get("/health", doc("Comprueba que el módulo del superadministrador responde"), (c) =>
    c.json({ module: "superadmin", status: "ok", timestamp: new Date().toISOString() }),
  )
  .route("/", superadminCompaniesRoutes)
  .route("/", superadminPeopleRoutes)
  .route("/", superadminBillingRoutes)
  .route("/", superadminPlansRoutes);
