import { Hono } from "hono";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { vatReport } from "../../domain/fiscal/vat-report";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { VatReportQuery } from "../reports/report-bodies";

/**
 * GET …/reports/iva: the IVA of a period for the bookkeeper (issue 36). One router, mounted under the
 * administrador's panel and the boss's, whose own middleware says who may read it.
 */
export const vatReportRoutes = new Hono<AppEnv>().get(
  "/reports/iva",
  doc("El IVA generado por local y tarifa en un periodo, neto de devoluciones (para el contador)", {
    404: "El local no existe o es de otra empresa",
    422: "El periodo no es válido",
  }),
  validate("query", VatReportQuery),
  async (c) => {
    const q = c.req.valid("query");
    return c.json(await vatReport(companyDb(c), tenantId(c), q.start_date, q.end_date, q.location_id ?? null));
  },
);
