import { Hono } from "hono";
import * as v from "valibot";
import { pluralWord } from "../../../shared/plural";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { discrepancyCounts, listDiscrepancies, resolveDiscrepancy } from "../../domain/stock/discrepancies";
import type { AppEnv } from "../../env";
import { pageInfo, pageQuery } from "../../lib/paging";
import { requiredText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const ListQuery = v.object({
  status: v.optional(v.picklist(["open", "all"], "El estado debe ser open o all"), "open"),
  // 100 a page unless told, at most 300
  ...pageQuery(100, 300),
});
export const Resolve = v.object({
  resolution: v.picklist(["write_off", "found"], "Indica si se da de baja (write_off) o se encontró (found)"),
  reason: requiredText("Indica el motivo", 300),
});

/** Receptions that did not add up: short or damaged units waiting for the administrador's decision. */
export const adminDiscrepanciesRoutes = new Hono<AppEnv>()
  .get(
    "/discrepancies",
    doc(
      "Lista por páginas las diferencias de recepción (unidades faltantes o dañadas), abiertas o todas, con cuántas hay y cuántas siguen abiertas",
    ),
    validate("query", ListQuery),
    async (c) => {
      const { status, ...page } = c.req.valid("query");
      const db = companyDb(c);
      const companyId = tenantId(c);
      const [list, counts] = await Promise.all([
        listDiscrepancies(db, companyId, status, { page }),
        discrepancyCounts(db, companyId, status),
      ]);
      return c.json({ discrepancies: list, ...pageInfo(page, counts.total), open_count: counts.open });
    },
  )
  .post(
    "/discrepancies/:id/resolve",
    doc("Resuelve una diferencia de recepción: da de baja las unidades o las devuelve al stock", {
      404: "La diferencia no existe o es de otra empresa",
      409: "La diferencia ya fue resuelta",
    }),
    validate("json", Resolve),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const body = c.req.valid("json");
      const user = c.get("user");
      const view = await resolveDiscrepancy(
        companyDb(c),
        { id: user.id, companyId: tenantId(c) },
        id,
        body.resolution,
        body.reason,
      );
      return c.json({
        success: true,
        message:
          body.resolution === "found"
            ? `${view.units_text} ${pluralWord(view.quantity, "volvió", "volvieron")} al stock de ${view.location_name}`
            : `${view.units_text} ${pluralWord(view.quantity, "dado", "dados")} de baja`,
        discrepancy: view,
      });
    },
  );
