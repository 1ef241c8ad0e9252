import { Hono } from "hono";
import { companyDbOf, platformDatabases, platformDb } from "../../db/shards";
import { resetPassword, unlockAccount, unlockedMessage } from "../../domain/accounts/credentials";
import { administradoresOverview, createAdministrador, setAdministradorActive } from "../../domain/accounts/staff";
import { directoryEntry } from "../../domain/accounts/user-directory";
import { getBoss, setBoss } from "../../domain/platform/bosses";
import { getCompany } from "../../domain/platform/companies";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { AdministradorActiveBody, AdministradorBody, activeMessage, SetPasswordBody } from "../accounts/staff-bodies";

import { BossBody } from "./superadmin-bodies";

/** The users whose passwords the superuser manages. */
const COMPANY_HEADS = ["boss", "administrador"] as const;

/** The database of a company account named by id (the directory says whose it is): 404 when unknown. */
async function accountHome(env: Env, userId: number) {
  const entry = await directoryEntry(platformDb(env), userId);
  if (entry?.companyId == null) throw notFound("Usuario no encontrado");
  return companyDbOf(env, entry.companyId);
}

/** /api/v1/superadmin — a company's boss and administradores, and their passwords. */
export const superadminPeopleRoutes = new Hono<AppEnv>()
  .post(
    "/companies/:id/boss",
    doc("Crea el usuario jefe de una empresa o reemplaza al actual", {
      404: "La empresa no existe o fue eliminada",
      409: "Ya existe otro usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
    }),
    validate("json", BossBody),
    validateId(),
    async (c) => {
      const result = await setBoss(platformDatabases(c.env), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ message: "Usuario Boss creado exitosamente", ...result }, 201);
    },
  )
  .get(
    "/companies/:id/boss",
    doc("Muestra el usuario jefe de una empresa", { 404: "La empresa no tiene un jefe asignado" }),
    validateId(),
    async (c) => {
      const boss = await getBoss(platformDatabases(c.env), c.req.valid("param").id);
      if (!boss) return c.json({ detail: "Esta empresa no tiene un usuario Boss asignado" }, 404);
      return c.json(boss);
    },
  )
  .get(
    "/companies/:id/administradores",
    doc("Lista los administradores de una empresa y el uso de su cupo de empleados", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => {
      const d = platformDatabases(c.env);
      const company = await getCompany(d, c.req.valid("param").id);
      return c.json(await administradoresOverview(await d.company(company.id), company.id));
    },
  )
  .post(
    "/companies/:id/administradores",
    doc("Crea un administrador en una empresa", {
      404: "La empresa no existe; la ubicación indicada no es de la empresa",
      409: "Ya existe un usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
    }),
    validate("json", AdministradorBody),
    validateId(),
    async (c) => {
      const input = c.req.valid("json");
      const d = platformDatabases(c.env);
      const company = await getCompany(d, c.req.valid("param").id);
      const user = await createAdministrador(await d.company(company.id), d.platform, company.id, input);
      return c.json({ success: true, message: "Administrador creado exitosamente", user }, 201);
    },
  )
  // the superuser sets the password of, or unlocks, any company's boss or administrador
  .put(
    "/users/:id/password",
    doc("Asigna una nueva contraseña al jefe o a un administrador de cualquier empresa y lo desbloquea", {
      404: "El usuario no existe o no es jefe ni administrador de una empresa",
      422: "La contraseña no cumple las reglas del rol",
    }),
    validate("json", SetPasswordBody),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: null, roles: COMPANY_HEADS };
      await resetPassword(await accountHome(c.env, target.userId), target, c.req.valid("json").password);
      return c.json({ success: true, message: "Contraseña actualizada exitosamente" });
    },
  )
  .put(
    "/users/:id/active",
    doc("Desactiva o reactiva a un administrador de cualquier empresa (el último activo solo con confirmación)", {
      404: "El usuario no existe o no es administrador de una empresa",
      409: "Es el último administrador activo y no se confirmó; reactivarlo supera el límite de empleados del plan",
    }),
    validate("json", AdministradorActiveBody),
    validateId(),
    async (c) => {
      const change = c.req.valid("json");
      const userId = c.req.valid("param").id;
      const user = await setAdministradorActive(await accountHome(c.env, userId), { userId, companyId: null }, change);
      return c.json({ success: true, message: activeMessage(change.active), user });
    },
  )
  .post(
    "/users/:id/unlock",
    doc("Desbloquea el inicio de sesión del jefe o de un administrador de cualquier empresa", {
      404: "El usuario no existe o no es jefe ni administrador de una empresa",
    }),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: null, roles: COMPANY_HEADS };
      const result = await unlockAccount(await accountHome(c.env, target.userId), target);
      return c.json({ success: true, message: unlockedMessage(result.was_locked), was_locked: result.was_locked });
    },
  );
