import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import {
  COST_AMOUNT_POSITIVE,
  COST_AMOUNT_REQUIRED,
  COST_CATEGORY_REQUIRED,
  COST_DESCRIPTION_REQUIRED,
  COST_FREQUENCY_REQUIRED,
  COST_TYPE_REQUIRED,
  LOCATION_INVALID,
  LOCATION_REQUIRED,
} from "../../../shared/messages";
import { tenantId } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { locations, operatingCosts } from "../../db/schema";
import { companyDb } from "../../db/shards";
import {
  type CostPaymentInput,
  listCostPayments,
  payCost,
  toCostPaymentDto,
  undoCostPayment,
} from "../../domain/company/cost-payments";
import { createCost, type NewCost } from "../../domain/company/cost-records";
import {
  type CostRow,
  costTypeOf,
  defaultStart,
  FIXED_CATEGORIES,
  monthlyEquivalent,
  normaliseFrequency,
  operationalDashboard,
  VARIABLE_CATEGORIES,
} from "../../domain/company/costs";
import { toCentavos, toPesos, wholePesos } from "../../domain/shared/money";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { numberLike, optionalText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { billPaymentMethod } from "../platform/payment-bodies";

const date = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => !Number.isNaN(Date.parse(d)), message),
  );

const NOT_IN_FUTURE = "La fecha de pago no puede ser posterior a hoy";

/**
 * Paying a cost: the period paid (by its due date: a retry of a paid period is then 409, not a second
 * period), the amount paid (default the cost's amount), the day it was paid (default today, never
 * later), how, and an optional receipt number or note.
 */
export const PayBody = v.pipe(
  v.object({
    due_date: v.optional(v.nullable(date("La fecha de vencimiento no es válida"))),
    amount: v.optional(
      v.pipe(
        numberLike("El monto pagado debe ser un número"),
        v.gtValue(0, "El monto pagado debe ser mayor a 0"),
        v.maxValue(10_000_000_000, "El monto pagado es demasiado alto"),
      ),
    ),
    paid_on: v.optional(
      v.pipe(
        date("La fecha de pago no es válida"),
        v.check((d) => d <= bogotaDate(), NOT_IN_FUTURE),
      ),
    ),
    payment_method: billPaymentMethod,
    note: optionalText(300, "comprobante o nota"),
  }),
  // payCost's input but who pays (the route's user); amounts in centavos
  v.transform(
    (b): Omit<CostPaymentInput, "userId"> => ({
      dueDate: b.due_date ?? null,
      amount: b.amount === undefined ? null : toCentavos(b.amount),
      paidOn: b.paid_on ?? bogotaDate(),
      method: b.payment_method,
      note: b.note,
    }),
  ),
);

export const UndoPaymentBody = v.object({
  reason: optionalText(300, "motivo"),
});

export const CreateCost = v.pipe(
  v.object({
    location_id: v.pipe(numberLike(LOCATION_REQUIRED), v.integer(LOCATION_REQUIRED), v.minValue(1, LOCATION_INVALID)),
    cost_type: v.pipe(
      v.string(COST_CATEGORY_REQUIRED),
      v.trim(),
      v.nonEmpty(COST_CATEGORY_REQUIRED),
      v.check((t) => costTypeOf(t) !== null, "La categoría no es válida"),
    ),
    category: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
    nature: v.optional(v.picklist(["fijo", "variable"], COST_TYPE_REQUIRED)),
    description: v.pipe(
      v.string(COST_DESCRIPTION_REQUIRED),
      v.trim(),
      v.nonEmpty(COST_DESCRIPTION_REQUIRED),
      v.maxLength(300, "La descripción es demasiado larga"),
    ),
    amount: v.pipe(
      numberLike(COST_AMOUNT_REQUIRED),
      v.gtValue(0, COST_AMOUNT_POSITIVE),
      v.maxValue(10_000_000_000, "El monto es demasiado alto"),
    ),
    frequency: v.pipe(
      v.string(COST_FREQUENCY_REQUIRED),
      v.check(
        (f) => normaliseFrequency(f) !== null,
        "La frecuencia debe ser diario, semanal, mensual, trimestral o anual",
      ),
    ),
    start_date: v.optional(date("La fecha de inicio no es válida")),
    end_date: v.optional(
      v.nullable(
        v.union([v.literal(""), date("La fecha de vencimiento no es válida")], "La fecha de vencimiento no es válida"),
      ),
    ),
  }),
  v.check(
    (c) => !c.end_date || !c.start_date || c.end_date >= c.start_date,
    "El vencimiento no puede ser anterior al inicio",
  ),
  // createCost's input: the category's cost_type and nature, the amount in centavos, the frequency's
  // name and a start date (today, or an already passed due date) when none is sent
  v.transform((b): NewCost => {
    const category = b.category ?? b.cost_type;
    return {
      locationId: b.location_id,
      nature: b.nature ?? (VARIABLE_CATEGORIES.includes(category) ? "variable" : "fijo"),
      costType: costTypeOf(category) ?? costTypeOf(b.cost_type) ?? "otros",
      category,
      description: b.description,
      amount: toCentavos(b.amount),
      frequency: normaliseFrequency(b.frequency) ?? "monthly",
      startDate: b.start_date ?? defaultStart(b.end_date || null, bogotaDate()),
      endDate: b.end_date || null,
    };
  }),
);

export const ListQuery = v.object({
  location_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, "La ubicación no es válida"), v.transform(Number))),
  cost_type: v.optional(
    v.pipe(
      v.string(),
      v.check((t) => costTypeOf(t) !== null, "La categoría no es válida"),
    ),
  ),
});

type CostRecord = typeof operatingCosts.$inferSelect;

function toCostDto(row: CostRecord, locationName: string | null) {
  return {
    id: row.id,
    location_id: row.locationId,
    location_name: locationName,
    nature: row.nature,
    cost_type: row.costType,
    category: row.category,
    description: row.description,
    amount: toPesos(row.amount),
    monthly_equivalent: wholePesos(monthlyEquivalent(row.amount, row.frequency)),
    frequency: row.frequency,
    start_date: row.startDate,
    end_date: row.endDate,
    due_date: row.endDate,
    last_paid_date: row.lastPaidDate,
    is_active: row.isActive,
    created_at: row.createdAt,
  };
}

async function companyCosts(db: Db, companyId: number) {
  return db
    .select({ cost: operatingCosts, locationName: locations.name })
    .from(operatingCosts)
    .innerJoin(locations, eq(locations.id, operatingCosts.locationId))
    .where(eq(operatingCosts.companyId, companyId))
    .orderBy(asc(operatingCosts.endDate), asc(operatingCosts.id));
}

/** Operating costs (spec 3 §2.1 'Costs', §3, §7.1). */
export const adminCostsRoutes = new Hono<AppEnv>()
  .post(
    "/costs",
    doc("Registra un costo operativo (arriendo, servicios, nómina…) de una ubicación", {
      404: "La ubicación no existe o es de otra empresa",
    }),
    validate("json", CreateCost),
    async (c) => {
      const { row, locationName } = await createCost(companyDb(c), tenantId(c), c.get("user").id, c.req.valid("json"));
      return c.json({ success: true, message: "Costo registrado exitosamente", ...toCostDto(row, locationName) }, 201);
    },
  )
  .get(
    "/costs",
    doc("Lista los costos operativos de la empresa, filtrables por ubicación y tipo"),
    validate("query", ListQuery),
    async (c) => {
      const q = c.req.valid("query");
      const wanted = q.cost_type ? costTypeOf(q.cost_type) : null;
      const rows = (await companyCosts(companyDb(c), tenantId(c))).filter(
        (r) =>
          (q.location_id === undefined || r.cost.locationId === q.location_id) &&
          (!wanted || r.cost.costType === wanted),
      );
      return c.json({
        costs: rows.map((r) => toCostDto(r.cost, r.locationName)),
        total: rows.length,
        categories: { fijo: FIXED_CATEGORIES, variable: VARIABLE_CATEGORIES },
      });
    },
  )
  .post(
    "/costs/:id/pay",
    doc(
      "Registra el pago del periodo vigente de un costo (monto, fecha, método y comprobante) en su historial y programa el siguiente vencimiento",
      {
        404: "El costo no existe o es de otra empresa",
        409: "Ese periodo ya fue pagado",
      },
    ),
    validate("json", PayBody),
    validateId(),
    async (c) => {
      const { cost, payment } = await payCost(companyDb(c), tenantId(c), c.req.valid("param").id, {
        ...c.req.valid("json"),
        userId: c.get("user").id,
      });
      return c.json({
        success: true,
        message: "Pago registrado; se programó el siguiente vencimiento",
        ...toCostDto(cost, null),
        payment: toCostPaymentDto(payment),
      });
    },
  )
  .get(
    "/costs/:id/payments",
    doc("Historial de pagos de un costo: quién pagó, cuándo, cuánto y cómo, y los pagos anulados", {
      404: "El costo no existe o es de otra empresa",
    }),
    validateId(),
    async (c) => {
      const payments = await listCostPayments(companyDb(c), tenantId(c), c.req.valid("param").id);
      return c.json({ payments, total: payments.length });
    },
  )
  .post(
    "/costs/:id/payments/:paymentId/undo",
    doc(
      "Anula un pago de un costo: el costo vuelve al vencimiento que ese pago saldó; el pago queda anulado en el historial",
      {
        404: "El costo o el pago no existen o son de otra empresa",
        409: "El pago ya fue anulado; no es el último pago del costo",
      },
    ),
    validate("json", UndoPaymentBody),
    validateId("id", "paymentId"),
    async (c) => {
      const { id, paymentId } = c.req.valid("param");
      const { cost, payment } = await undoCostPayment(companyDb(c), tenantId(c), id, paymentId, {
        userId: c.get("user").id,
        reason: c.req.valid("json").reason,
      });
      return c.json({
        success: true,
        message: cost.endDate
          ? `Pago anulado; el costo vuelve a vencer el ${cost.endDate.split("-").reverse().join("/")}`
          : "Pago anulado",
        ...toCostDto(cost, null),
        payment: toCostPaymentDto(payment),
      });
    },
  )
  .get(
    "/costs/operational-dashboard",
    doc("Panel de costos operativos: total mensual, vencidos, próximos vencimientos y alertas por ubicación"),
    async (c) => {
      const companyId = tenantId(c);
      const db = companyDb(c);
      const [rows, locs] = await Promise.all([
        companyCosts(db, companyId),
        db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true))),
      ]);
      const costs: CostRow[] = rows.map(({ cost, locationName }) => ({
        id: cost.id,
        locationId: cost.locationId,
        locationName,
        costType: cost.costType,
        category: cost.category,
        description: cost.description,
        amount: cost.amount,
        frequency: cost.frequency,
        endDate: cost.endDate,
        isActive: cost.isActive,
      }));
      const d = operationalDashboard(costs, locs, bogotaDate());
      return c.json({
        date: bogotaDate(),
        monthly_summary: { total_monthly_costs: wholePesos(d.monthly_summary.total_monthly_costs) },
        summary: { ...d.summary, total_overdue_amount: wholePesos(d.summary.total_overdue_amount) },
        locations_status: d.locations_status.map((l) => ({
          ...l,
          monthly_costs: wholePesos(l.monthly_costs),
          overdue_amount: wholePesos(l.overdue_amount),
        })),
        upcoming_week: d.upcoming_week.map((u) => ({ ...u, amount: toPesos(u.amount) })),
        critical_alerts: d.critical_alerts.map((a) => ({ ...a, amount: toPesos(a.amount) })),
      });
    },
  );
