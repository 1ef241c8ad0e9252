import { Hono } from "hono";
import { platformDatabases, platformDb } from "../../db/shards";
import { companyRow } from "../../domain/platform/companies";
import { generateInvoice, listInvoices, markInvoicePaid } from "../../domain/platform/invoices";
import { companyMetrics, financialReport, globalMetrics } from "../../domain/platform/metrics";
import { cancelScheduledChange, changeSubscription, subscriptionHistory } from "../../domain/platform/subscriptions";
import type { AppEnv } from "../../env";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

import { InvoiceQuery, MarkPaid, ReportQuery, SubscriptionChange } from "./superadmin-bodies";

/** /api/v1/superadmin — subscriptions, invoices, and the platform's figures. */
export const superadminBillingRoutes = new Hono<AppEnv>()
  .post(
    "/subscriptions/change",
    doc("Cambia el plan de suscripción de una empresa, de inmediato o programado para una fecha", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya usa más ubicaciones o empleados de los que permite el nuevo plan; la empresa cambió mientras se procesaba",
    }),
    validate("json", SubscriptionChange),
    async (c) => {
      const result = await changeSubscription(platformDatabases(c.env), c.get("user").id, c.req.valid("json"));
      if (result.scheduled) {
        const [y, m, d] = result.change.effective_date.split("-");
        return c.json({
          message: `Cambio de plan programado para el ${d}/${m}/${y}`,
          scheduled: true,
          company: result.company,
          change: result.change,
        });
      }
      return c.json({
        message: "Plan de suscripción cambiado exitosamente",
        scheduled: false,
        company: result.company,
      });
    },
  )
  .post(
    "/subscriptions/changes/:id/cancel",
    doc("Cancela un cambio de plan programado", {
      404: "El cambio de plan no existe",
      409: "El cambio de plan ya no está programado (se aplicó o se canceló)",
    }),
    validateId(),
    async (c) => {
      const change = await cancelScheduledChange(platformDb(c.env), c.req.valid("param").id);
      return c.json({ message: "Cambio de plan programado cancelado", change });
    },
  )
  .get(
    "/subscriptions/:id/history",
    doc("Muestra el historial de cambios de plan de una empresa", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => {
      const companyId = c.req.valid("param").id;
      const history = await subscriptionHistory(platformDb(c.env), companyId);
      return c.json({ company_id: companyId, history });
    },
  )
  .get(
    "/invoices",
    doc("Lista por páginas las facturas de la plataforma, filtrables por estado, y cuántas hay"),
    validate("query", InvoiceQuery),
    async (c) => {
      const q = c.req.valid("query");
      const list = await listInvoices(platformDb(c.env), {
        status: q.status === "all" ? undefined : q.status,
        skip: q.skip,
        limit: q.limit,
      });
      return c.json({ ...list, skip: q.skip, limit: q.limit });
    },
  )
  .get(
    "/invoices/company/:id",
    doc("Consulta por páginas las facturas de una empresa y cuántas tiene", {
      404: "La empresa no existe o fue eliminada",
    }),
    validate("query", InvoiceQuery),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const q = c.req.valid("query");
      const db = platformDb(c.env);
      await companyRow(db, id);
      const list = await listInvoices(db, {
        companyId: id,
        status: q.status === "all" ? undefined : q.status,
        skip: q.skip,
        limit: q.limit,
      });
      return c.json({ ...list, skip: q.skip, limit: q.limit });
    },
  )
  .post(
    "/invoices/generate/:id",
    doc("Genera la factura del mes en curso de una empresa", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya tiene factura para este mes",
    }),
    validateId(),
    async (c) => {
      const invoice = await generateInvoice(platformDatabases(c.env), c.req.valid("param").id);
      return c.json({ message: "Factura generada exitosamente", invoice, ...invoice }, 201);
    },
  )
  .post(
    "/invoices/:id/mark-paid",
    doc("Marca una factura como pagada con su método y referencia de pago", {
      404: "La factura no existe",
      409: "La factura ya está pagada",
    }),
    validate("json", MarkPaid),
    validateId(),
    async (c) => {
      const invoice = await markInvoicePaid(platformDb(c.env), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ message: "Factura marcada como pagada", invoice });
    },
  )
  .get("/metrics/global", doc("Calcula las métricas globales de la plataforma: empresas, uso e ingresos"), async (c) =>
    c.json(await globalMetrics(platformDatabases(c.env))),
  )
  .get(
    "/metrics/company/:id",
    doc("Calcula el uso de ubicaciones y empleados y el costo mensual de una empresa", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => c.json(await companyMetrics(platformDatabases(c.env), c.req.valid("param").id)),
  )
  .get(
    "/reports/financial",
    doc("Genera el reporte financiero de la plataforma en un rango de fechas: facturado, cobrado, pendiente y MRR"),
    validate("query", ReportQuery),
    async (c) => {
      const q = c.req.valid("query");
      const report = await financialReport(platformDatabases(c.env), q.start_date, q.end_date);
      return c.json({ report });
    },
  );
