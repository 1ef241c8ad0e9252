import { Hono } from "hono";
import * as v from "valibot";
import { regionName } from "../../../shared/regions";
import { platformDatabases, shardsIn } from "../../db/shards";
import { getBoss } from "../../domain/platform/bosses";
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  setCompanyStatus,
  updateCompany,
} from "../../domain/platform/companies";
import type { AppEnv } from "../../env";
import { invalid } from "../../lib/errors";
import { requiredText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

import { CompanyCreate, CompanyQuery, CompanyUpdate } from "./superadmin-bodies";

const regionUnavailable = (regions: readonly string[]) =>
  `La plataforma no tiene servidores en esa región: usa ${regions.map((r) => `${r} (${regionName(r)})`).join(" o ")}`;

/** /api/v1/superadmin — companies: list, create, edit, suspend, delete, and the regions a company may live in. */
export const superadminCompaniesRoutes = new Hono<AppEnv>()
  .get(
    "/companies",
    doc("Lista por páginas las empresas de la plataforma, filtrables por estado, plan y texto"),
    validate("query", CompanyQuery),
    async (c) => {
      const q = c.req.valid("query");
      const result = await listCompanies(platformDatabases(c.env), {
        skip: q.skip,
        limit: q.limit,
        status: q.status === "all" ? undefined : q.status,
        plan: q.plan || undefined,
        search: q.search?.trim() || undefined,
      });
      return c.json({ ...result, skip: q.skip, limit: q.limit });
    },
  )
  .post(
    "/companies",
    doc("Crea una empresa cliente con su plan y sus límites", { 409: "El subdominio ya está en uso" }),
    validate("json", CompanyCreate),
    async (c) => {
      const { region: chosen, ...input } = c.req.valid("json");
      const d = platformDatabases(c.env);
      const region = chosen ?? d.regions[0] ?? "";
      if (!d.regions.includes(region)) throw invalid(regionUnavailable(d.regions));
      const company = await createCompany(d, input, region);
      return c.json({ message: "Empresa creada exitosamente", company, ...company }, 201);
    },
  )
  .get(
    "/companies/:id",
    doc("Muestra una empresa con su uso de ubicaciones y empleados", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => c.json(await getCompany(platformDatabases(c.env), c.req.valid("param").id)),
  )
  .get(
    "/companies/:id/with-boss",
    doc("Muestra una empresa junto con su usuario jefe", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const d = platformDatabases(c.env);
      return c.json({ company: await getCompany(d, id), boss: await getBoss(d, id) });
    },
  )
  .put(
    "/companies/:id",
    doc("Actualiza los datos propios de una empresa (nombre, correo, teléfono, razón social, NIT)", {
      404: "La empresa no existe o fue eliminada",
      422: "Se intentó cambiar el subdominio; se enviaron el plan, los límites o el precio (se cambian en Suscripciones)",
    }),
    validate("json", CompanyUpdate),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const { subdomain, ...changes } = c.req.valid("json");
      const d = platformDatabases(c.env);
      const current = await getCompany(d, id);
      if (subdomain !== undefined && subdomain.trim().toLowerCase() !== current.subdomain)
        throw invalid("El subdominio no se puede cambiar");
      const company = await updateCompany(d, id, changes);
      return c.json({ message: "Empresa actualizada exitosamente", company, ...company });
    },
  )
  .delete(
    "/companies/:id",
    doc("Elimina una empresa (borrado lógico: sus usuarios quedan bloqueados)", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => {
      await deleteCompany(platformDatabases(c.env), c.req.valid("param").id);
      return c.json({ message: "Empresa eliminada exitosamente" });
    },
  )
  .post(
    "/companies/:id/suspend",
    doc("Suspende una empresa indicando el motivo", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya está suspendida",
    }),
    validate("json", v.object({ reason: requiredText("Indica el motivo de la suspensión", 500) })),
    validateId(),
    async (c) => {
      const company = await setCompanyStatus(
        platformDatabases(c.env),
        c.req.valid("param").id,
        "suspended",
        c.req.valid("json").reason,
      );
      return c.json({ message: "Empresa suspendida exitosamente", company });
    },
  )
  .post(
    "/companies/:id/activate",
    doc("Reactiva una empresa suspendida", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa no está suspendida",
    }),
    validateId(),
    async (c) => {
      const company = await setCompanyStatus(platformDatabases(c.env), c.req.valid("param").id, "active", null);
      return c.json({ message: "Empresa activada exitosamente", company });
    },
  )
  .get("/regions", doc("Lista las regiones donde la plataforma puede guardar los datos de una empresa"), (c) => {
    const d = platformDatabases(c.env);
    return c.json({
      regions: d.regions.map((code) => ({ code, name: regionName(code), shards: shardsIn(c.env, code) })),
      default_region: d.regions[0] ?? null,
    });
  });
