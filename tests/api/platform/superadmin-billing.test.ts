import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { companies, invoices } from "../../../worker/db/schema";
import { copText } from "../../../worker/domain/shared/money";
import { api, byId, expectDenied, expectError, ok, platform, updateCompanyRow } from "../support/helpers";

import {
  addLocations,
  BASE,
  bogotaToday,
  type ChangeInput,
  changePlan,
  daysFromToday,
  historyOf,
  newCompany,
  planOf,
  runCron,
  sa,
  su,
} from "./superadmin-helpers";

describe("subscriptions, limits, invoices, metrics, report", () => {
  it("changes the plan with history (newest first) and the new limits are enforced", async () => {
    const token = await su();
    const company = await newCompany("limites");
    await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "boss@limites.co", password: "Boss#2026", first_name: "B", last_name: "L" },
    });
    const change = (plan: string, employees: number) =>
      api(`${BASE}/subscriptions/change`, {
        method: "POST",
        token,
        json: {
          company_id: company.id,
          new_plan: plan,
          new_max_locations: 5,
          new_max_employees: employees,
          new_price_per_location: 75_000,
          reason: `a ${plan}`,
        },
      });
    expect((await change("professional", 2)).status).toBe(200);
    expect((await change("custom", 1)).status).toBe(200);
    const history = await ok((await sa()).subscriptions[":id"].history.$get({ param: byId(company.id) }));
    expect(history.history.map((h) => h.new_plan)).toEqual(["custom", "professional"]);
    await expectError(
      await api(`${BASE}/subscriptions/change`, {
        method: "POST",
        token,
        json: {
          company_id: company.id,
          new_plan: "gold",
          new_max_locations: 1,
          new_max_employees: 1,
          new_price_per_location: 1,
        },
      }),
      422,
    );
    await expectError(
      await api(`${BASE}/subscriptions/change`, {
        method: "POST",
        token,
        json: {
          company_id: 99999,
          new_plan: "basic",
          new_max_locations: 1,
          new_max_employees: 1,
          new_price_per_location: 1,
        },
      }),
      404,
    );
    // Replacing the boss keeps one active user: allowed at max_employees 1.
    const swap = await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "boss2@limites.co", password: "Boss#2026", first_name: "B", last_name: "Dos" },
    });
    expect(swap.status).toBe(201);
    // With the limit at 0 the replacement is refused, naming the limit, and the current boss stays.
    await updateCompanyRow(company.id, { maxEmployees: 0 });
    await expectError(
      await api(`${BASE}/companies/${company.id}/boss`, {
        method: "POST",
        token,
        json: { email: "boss3@limites.co", password: "Boss#2026", first_name: "B", last_name: "Tres" },
      }),
      409,
      "Se alcanzó el límite de empleados del plan (0). Actualiza la suscripción para agregar más.",
    );
    expect(
      (
        await api("/api/v1/auth/auth/login-json", {
          method: "POST",
          json: { email: "boss2@limites.co", password: "Boss#2026" },
        })
      ).status,
    ).toBe(200);
  });

  it("generates one invoice per period (INV-YYYYMM-company-seq, due in 15 days), marks it paid once, and reports overdue", async () => {
    const token = await su();
    // The demo data has an overdue invoice (last month's, unpaid, of the other company); this test
    // counts every invoice, so it starts without it.
    const routes = await sa();
    const seeded = await ok(routes.invoices.$get({ query: { status: "overdue" } }));
    expect(seeded.invoices).toEqual([
      expect.objectContaining({ company_name: "Zapatería Otra", status: "overdue", stored_status: "pending" }),
    ]);
    await platform().delete(invoices);
    const [demo] = await platform().select().from(companies).where(eq(companies.subdomain, "demo"));
    const { invoice } = await ok(routes.invoices.generate[":id"].$post({ param: byId(demo?.id ?? 0) }), 201);
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    expect(invoice.invoice_number).toBe(
      `INV-${today.slice(0, 4)}${today.slice(5, 7)}-${String(demo?.id).padStart(4, "0")}-001`,
    );
    expect(invoice.locations_count).toBe(5);
    expect(invoice.total_amount).toBe(5 * 100_000);
    expect(invoice.status).toBe("pending");
    await expectError(await api(`${BASE}/invoices/generate/${demo?.id}`, { method: "POST", token }), 409);
    await expectError(await api(`${BASE}/invoices/generate/99999`, { method: "POST", token }), 404);

    // An old unpaid invoice is overdue everywhere.
    await platform()
      .insert(invoices)
      .values({
        companyId: demo?.id ?? 0,
        invoiceNumber: "INV-202001-0001-099",
        billingPeriodStart: "2020-01-01",
        billingPeriodEnd: "2020-01-31",
        locationsCount: 5,
        pricePerLocation: 10_000_000,
        totalAmount: 50_000_000,
        dueDate: "2020-01-16",
      });
    const overdue = await ok(routes.invoices.$get({ query: { status: "overdue" } }));
    expect(overdue.invoices.map((i) => i.invoice_number)).toEqual(["INV-202001-0001-099"]);
    const metrics = await ok(routes.metrics.global.$get());
    expect(metrics.overdue_payments).toBe(1);
    expect(metrics.overdue_invoices_amount).toBe(500_000);

    await expectError(
      await api(`${BASE}/invoices/${invoice.id}/mark-paid`, {
        method: "POST",
        token,
        json: { payment_reference: "x" },
      }),
      422,
      "El método de pago es requerido",
    );
    const paid = await api(`${BASE}/invoices/${invoice.id}/mark-paid`, {
      method: "POST",
      token,
      json: { payment_method: "transferencia", payment_reference: "BANCOL-123" },
    });
    expect(await paid.json()).toMatchObject({
      message: "Factura marcada como pagada",
      invoice: { status: "paid", payment_method: "transferencia" },
    });
    await expectError(
      await api(`${BASE}/invoices/${invoice.id}/mark-paid`, {
        method: "POST",
        token,
        json: { payment_method: "efectivo" },
      }),
      409,
      "La factura ya está pagada",
    );
    const byCompany = await ok(
      routes.invoices.company[":id"].$get({ param: byId(demo?.id ?? 0), query: { status: "paid" } }),
    );
    expect(byCompany.invoices).toHaveLength(1);

    const report = await ok(routes.reports.financial.$get({ query: { start_date: "2020-01-01", end_date: today } }));
    expect(report.report.totals).toMatchObject({
      invoiced: 1_000_000,
      collected: 500_000,
      overdue: 500_000,
      pending: 0,
    });
    expect(report.report.by_month.map((m) => m.month)).toEqual(["2020-01", today.slice(0, 7)]);
    expect(report.report.mrr_at_end).toBeGreaterThan(0);
    await expectError(await api(`${BASE}/reports/financial?start_date=2026-02-01&end_date=2026-01-01`, { token }), 422);
    await expectError(await api(`${BASE}/reports/financial?start_date=ayer&end_date=hoy`, { token }), 422);
  });

  it("computes global and per-company metrics from real counts", async () => {
    const token = await su();
    const [demo] = await platform().select().from(companies).where(eq(companies.subdomain, "demo"));
    const routes = await sa();
    const m = await ok(routes.metrics.company[":id"].$get({ param: byId(demo?.id ?? 0) }));
    expect(m).toMatchObject({
      locations_count: 5,
      locations_limit: 10,
      locations_usage_percent: 50,
      employees_count: 6,
      employees_limit: 40,
      employees_usage_percent: 15,
      monthly_cost: 500_000,
    });
    const g = await ok(routes.metrics.global.$get());
    expect(g.total_companies).toBeGreaterThanOrEqual(2);
    expect(g.monthly_recurring_revenue).toBeGreaterThanOrEqual(500_000);
    await expectError(await api(`${BASE}/metrics/company/99999`, { token }), 404);
  });
});

describe("scheduled subscription changes", () => {
  it("a future effective_date is scheduled: the company keeps its plan (and is invoiced at the old price) until the cron applies it once", async () => {
    const company = await newCompany("programada", { subscription_plan: "professional" });
    await addLocations(company.id, 2);
    const effective = daysFromToday(40);
    const body = await ok(
      changePlan({
        company_id: company.id,
        new_plan: "basic",
        new_max_locations: 3,
        new_max_employees: 10,
        new_price_per_location: 120_000,
        effective_date: effective,
        reason: "Baja de plan",
      }),
    );
    const [y, m, d] = effective.split("-");
    expect(body).toMatchObject({ message: `Cambio de plan programado para el ${d}/${m}/${y}`, scheduled: true });
    assert(body.scheduled);
    expect(body.change).toMatchObject({ status: "scheduled", old_plan: "professional", new_plan: "basic" });
    expect(await planOf(company.id)).toMatchObject({ subscriptionPlan: "professional", pricePerLocation: 10_000_000 });

    // the current period is invoiced at the old price
    const invoice = await api(`${BASE}/invoices/generate/${company.id}`, { method: "POST", token: await su() });
    expect(await invoice.json()).toMatchObject({ price_per_location: 100_000, total_amount: 200_000 });

    // before its date the cron leaves it alone
    await runCron(daysFromToday(39));
    expect((await planOf(company.id))?.subscriptionPlan).toBe("professional");

    await runCron(daysFromToday(41));
    const applied = await planOf(company.id);
    expect(applied).toMatchObject({ subscriptionPlan: "basic", maxLocations: 3, pricePerLocation: 12_000_000 });
    const [first] = await historyOf(company.id);
    expect(first).toMatchObject({ status: "applied", old_plan: "professional", new_plan: "basic" });

    // a second run (and two at once) change nothing more
    await Promise.all([runCron(daysFromToday(42)), runCron(daysFromToday(42))]);
    expect((await planOf(company.id))?.updatedAt).toBe(applied?.updatedAt);
    expect(await historyOf(company.id)).toHaveLength(1);
  });

  it("a newer change replaces the one waiting; the superuser can cancel it, once", async () => {
    const company = await newCompany("reemplazo");
    const schedule = (plan: ChangeInput["new_plan"], days: number) =>
      changePlan({
        company_id: company.id,
        new_plan: plan,
        new_max_locations: 10,
        new_max_employees: 40,
        new_price_per_location: 100_000,
        effective_date: daysFromToday(days),
      });
    expect((await schedule("professional", 10)).status).toBe(200);
    const scheduled = await ok(schedule("enterprise", 20));
    assert(scheduled.scheduled, "a future effective_date schedules the change");
    const second = scheduled.change;
    const [newest, replaced] = await historyOf(company.id);
    expect(newest).toMatchObject({ id: second.id, status: "scheduled" });
    expect(replaced).toMatchObject({ status: "cancelled", new_plan: "professional" });
    expect(replaced?.status_reason).toMatch(/^Reemplazado por el cambio programado/);

    const token = await su();
    const cancel = (id: number | string, t = token) =>
      api(`${BASE}/subscriptions/changes/${id}/cancel`, { method: "POST", token: t });
    expect(await (await cancel(second.id)).json()).toMatchObject({
      message: "Cambio de plan programado cancelado",
      change: { status: "cancelled", status_reason: "Cancelado por el superadmin" },
    });
    await expectError(await cancel(second.id), 409, "Este cambio de plan ya no está programado (cancelado)");
    await expectError(await cancel(999_999), 404, "Cambio de plan no encontrado");
    await expectError(await cancel("abc"), 404);
    await expectDenied(["boss", "administrador", "seller"], (t) => cancel(second.id, t));
    await runCron(daysFromToday(30));
    expect((await planOf(company.id))?.subscriptionPlan).toBe("basic");
  });

  it("an immediate change also replaces the waiting one; a bad effective_date is 422", async () => {
    const company = await newCompany("inmediato");
    const base = {
      company_id: company.id,
      new_max_locations: 5,
      new_max_employees: 15,
      new_price_per_location: 90_000,
    };
    await changePlan({ ...base, new_plan: "enterprise", effective_date: daysFromToday(5) });
    const now = await changePlan({ ...base, new_plan: "professional" });
    expect(await now.json()).toMatchObject({ scheduled: false, company: { subscription_plan: "professional" } });
    expect((await historyOf(company.id)).map((h) => h.status)).toEqual(["applied", "cancelled"]);
    await expectError(await changePlan({ ...base, new_plan: "basic", effective_date: "mañana" }), 422);
  });

  it("a scheduled change that no longer fits on its date is not applied and says why", async () => {
    const company = await newCompany("crecio", { subscription_plan: "professional" });
    await changePlan({
      company_id: company.id,
      new_plan: "basic",
      new_max_locations: 1,
      new_max_employees: 10,
      new_price_per_location: 120_000,
      effective_date: daysFromToday(3),
    });
    await addLocations(company.id, 3);
    await runCron(daysFromToday(3));
    expect((await planOf(company.id))?.subscriptionPlan).toBe("professional");
    const [change] = await historyOf(company.id);
    expect(change).toMatchObject({
      status: "blocked",
      status_reason:
        "No se aplicó en su fecha: El plan Básico permite 1 ubicación y la empresa tiene 3 activas; desactiva 2 antes de cambiar",
    });
  });
});

describe("billing through the audited path (issue 32 §2)", () => {
  const monthDays = (day: string) =>
    new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
  const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

  it("an immediate change mid-month prorates the month's invoice by days, with lines that say how", async () => {
    const today = bogotaToday();
    const days = monthDays(today);
    const day = Number(today.slice(8, 10));
    const month = MONTHS[Number(today.slice(5, 7)) - 1];
    // prices of days × 1.000 and days × 2.000 per location: each day costs 1.000 or 2.000 exactly
    const company = await newCompany("prorrateo", {
      subscription_plan: "professional",
      max_locations: 5,
      price_per_location: days * 1_000,
    });
    await addLocations(company.id, 2);
    await ok(
      changePlan({
        company_id: company.id,
        new_plan: "enterprise",
        new_max_locations: 5,
        new_max_employees: 20,
        new_price_per_location: days * 2_000,
        reason: "Sube de plan",
      }),
    );
    const [change] = await historyOf(company.id);
    expect(change).toMatchObject({ status: "applied", old_plan: "professional", effective_date: today });

    const { invoice } = await ok((await sa()).invoices.generate[":id"].$post({ param: byId(company.id) }), 201);
    const before = day - 1;
    const from = days - day + 1;
    expect(invoice.total_amount).toBe(2 * (1_000 * before + 2_000 * from));
    expect(invoice.lines.reduce((a, l) => a + l.amount, 0)).toBe(invoice.total_amount);
    const last = {
      plan: "enterprise",
      days: from,
      amount: 2 * 2_000 * from,
      locations_count: 2,
      price_per_location: days * 2_000,
    };
    if (before === 0) {
      // the 1st of the month: the whole month is on the new plan
      expect(invoice.lines).toEqual([expect.objectContaining(last)]);
    } else {
      expect(invoice.lines).toEqual([
        expect.objectContaining({ plan: "professional", days: before, amount: 2 * 1_000 * before }),
        expect.objectContaining(last),
      ]);
      expect(invoice.lines[0]?.description).toBe(
        `Plan Profesional, ${before === 1 ? `1 ${month}` : `1–${before} ${month}`} (${before} de ${days} días): 2 ubicaciones × ${copText(days * 100_000)} al mes × ${before}/${days}`,
      );
    }
    // the list answers the same lines; the next billing date moves past the period
    const listed = await ok((await sa()).invoices.company[":id"].$get({ param: byId(company.id), query: {} }));
    expect(listed.invoices[0]?.lines).toEqual(invoice.lines);
    expect((await planOf(company.id))?.nextBillingDate).toBe(daysFromToday(days - day + 1));
  });

  it("'Marcar pagada' takes a method from the fixed list (stored as its code); anything else is 422", async () => {
    const token = await su();
    const company = await newCompany("metodo-pago");
    const { invoice } = await ok((await sa()).invoices.generate[":id"].$post({ param: byId(company.id) }), 201);
    const pay = (json: Record<string, unknown>, t = token) =>
      api(`${BASE}/invoices/${invoice.id}/mark-paid`, { method: "POST", token: t, json });
    await expectError(
      await pay({ payment_method: "bitcoin" }),
      422,
      "El método de pago debe ser uno de: Transferencia bancaria, Consignación, PSE, Tarjeta, Efectivo",
    );
    await expectError(await pay({ payment_method: " " }), 422, "El método de pago es requerido");
    await expectError(await pay({}), 422, "El método de pago es requerido");
    await expectDenied(["boss", "administrador", "otherAdmin"], (t) => pay({ payment_method: "pse" }, t));
    const paid = await ok(
      (await sa()).invoices[":id"]["mark-paid"].$post({
        param: byId(invoice.id),
        json: { payment_method: "PSE", payment_reference: "PSE-4411" },
      }),
    );
    expect(paid.invoice).toMatchObject({ status: "paid", payment_method: "pse", payment_reference: "PSE-4411" });
    await expectError(
      await api(`${BASE}/invoices/999999/mark-paid`, { method: "POST", token, json: { payment_method: "pse" } }),
      404,
    );
  });

  it("'Vencen pronto' lists the unpaid invoices due within 7 days or overdue, not companies billed on the 1st", async () => {
    const company = await newCompany("vencen");
    const insert = (suffix: string, dueDate: string, status: "pending" | "paid" = "pending") =>
      platform()
        .insert(invoices)
        .values({
          companyId: company.id,
          invoiceNumber: `INV-TEST-${company.id}-${suffix}`,
          billingPeriodStart: `2020-0${suffix}-01`,
          billingPeriodEnd: `2020-0${suffix}-28`,
          locationsCount: 1,
          pricePerLocation: 5_000_000,
          totalAmount: 5_000_000,
          dueDate,
          status,
        })
        .returning();
    const [soon] = await insert("1", daysFromToday(3));
    const [late] = await insert("2", daysFromToday(-10));
    await insert("3", daysFromToday(20));
    await insert("4", daysFromToday(2), "paid");
    const metrics = await ok((await sa()).metrics.global.$get());
    const mine = metrics.alerts.subscriptions_expiring_soon.filter((a) => a.id === company.id);
    expect(mine.map((a) => [a.invoice_id, a.status, a.days_until_due, a.total_amount])).toEqual([
      [late?.id, "overdue", -10, 50_000],
      [soon?.id, "pending", 3, 50_000],
    ]);
    expect(metrics.subscriptions_expiring_soon).toBe(metrics.alerts.subscriptions_expiring_soon.length);
    // a company whose next billing date is near but owes nothing is not listed
    const quiet = await newCompany("sin-deuda");
    await updateCompanyRow(quiet.id, { nextBillingDate: daysFromToday(1) });
    const again = await ok((await sa()).metrics.global.$get());
    expect(again.alerts.subscriptions_expiring_soon.some((a) => a.id === quiet.id)).toBe(false);
  });
});

describe("downgrades below current use", () => {
  it("is 409 naming the excess, at request time, and nothing changes", async () => {
    const [demo] = await platform().select().from(companies).where(eq(companies.subdomain, "demo"));
    const id = demo?.id ?? 0;
    const body = { company_id: id, new_plan: "basic" as const, new_max_employees: 40, new_price_per_location: 120_000 };
    await expectError(
      await changePlan({ ...body, new_max_locations: 2 }),
      409,
      "El plan Básico permite 2 ubicaciones y la empresa tiene 5 activas; desactiva 3 antes de cambiar",
    );
    await expectError(
      await changePlan({ ...body, new_max_locations: 5, new_max_employees: 4, effective_date: daysFromToday(9) }),
      409,
      "El plan Básico permite 4 empleados y la empresa tiene 6 activos; desactiva 2 antes de cambiar",
    );
    expect(await planOf(id)).toMatchObject({ subscriptionPlan: "professional", maxLocations: 10 });
    expect(await historyOf(id)).toHaveLength(0);
  });
});
