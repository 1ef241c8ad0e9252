import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { assert, describe, expect, it } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { companies, invoices, locations, sales, userDirectory, users } from "../../worker/db/schema";
import { copText } from "../../worker/domain/money";
import worker from "../../worker/index";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  dbOf,
  expectDenied,
  expectError,
  insertUser,
  lockOut,
  login,
  loginStatus,
  ok,
  platform,
  updateCompanyRow,
} from "./helpers";

const BASE = "/api/v1/superadmin";
const su = () => login(DEMO.superuser);
/** The superadmin routes as typed calls, as the superuser. */
const sa = async () => client(await su()).superadmin;
type Routes = Awaited<ReturnType<typeof sa>>;
type CompanyInput = InferRequestType<Routes["companies"]["$post"]>["json"];
type ChangeInput = InferRequestType<Routes["subscriptions"]["change"]["$post"]>["json"];

async function newCompany(subdomain: string, extra: Partial<CompanyInput> = {}) {
  const json = { name: `Empresa ${subdomain}`, subdomain, email: `info@${subdomain}.co`, ...extra };
  return (await ok((await sa()).companies.$post({ json }), 201)).company;
}

describe("companies", () => {
  it("creates a company copying the plan's limits, lists, searches and reads it", async () => {
    const company = await newCompany("zapatos-norte", { subscription_plan: "professional" });
    expect(company).toMatchObject({
      max_locations: 10,
      max_employees: 40,
      price_per_location: 100_000,
      current_locations_count: 0,
    });
    const token = await su();
    const routes = await sa();
    const list = await ok(routes.companies.$get({ query: { search: "norte" } }));
    expect(list.companies.map((c) => c.subdomain)).toEqual(["zapatos-norte"]);
    const demo = await ok(routes.companies.$get({ query: { search: "demo" } }));
    expect(demo.companies[0]).toMatchObject({ current_locations_count: 5, current_employees_count: 6 });
    expect((await api(`${BASE}/companies/${company.id}`, { token })).status).toBe(200);
    const filtered = await ok(routes.companies.$get({ query: { status: "suspended" } }));
    expect(filtered.companies).toHaveLength(0);
  });

  it.each([
    [{ subdomain: "x", email: "a@b.co" }, "El nombre de la empresa es requerido"],
    [{ name: "X", email: "a@b.co" }, "El subdominio es requerido"],
    [{ name: "X", subdomain: "Con Espacios", email: "a@b.co" }, /minúsculas/],
    [{ name: "X", subdomain: "ok", email: "nope" }, "El correo no es válido"],
    [{ name: "X", subdomain: "ok2", email: "a@b.co", max_locations: -1 }, /entero no negativo/],
    [{ name: "X", subdomain: "ok3", email: "a@b.co", price_per_location: -5 }, /no negativo/],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(await api(`${BASE}/companies`, { method: "POST", token: await su(), json }), 422, message);
  });

  it("refuses a duplicate subdomain (409), an unknown id (404) and a subdomain change (422)", async () => {
    const token = await su();
    await expectError(
      await api(`${BASE}/companies`, {
        method: "POST",
        token,
        json: { name: "X", subdomain: "demo", email: "a@b.co" },
      }),
      409,
      "El subdominio ya está en uso",
    );
    await expectError(await api(`${BASE}/companies/99999`, { token }), 404, "Empresa no encontrada");
    const company = await newCompany("cambio");
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { subdomain: "otro" } }),
      422,
      "El subdominio no se puede cambiar",
    );
    // the company's NIT: its DIAN check digit is checked (900123456's is 8), stored as printed
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { tax_id: "900123456-7" } }),
      422,
      "El dígito de verificación del NIT no es válido (debería ser 8)",
    );
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { tax_id: "900-1" } }),
      422,
      /9 dígitos/,
    );
    await api(`${BASE}/companies/${company.id}`, {
      method: "PUT",
      token,
      json: { phone: "+57 300 000 0000", tax_id: "9001234568" },
    });
    const cleared = await ok((await sa()).companies[":id"].$put({ param: byId(company.id), json: { phone: "" } }));
    expect(cleared.company).toMatchObject({
      phone: null,
      tax_id: "900.123.456-8",
    });
    const renamed = await api(`${BASE}/companies/${company.id}`, {
      method: "PUT",
      token,
      json: { name: "Cambio S.A.S.", email: "Pagos@Cambio.co", legal_name: "Cambio Calzado S.A.S." },
    });
    expect(await renamed.json()).toMatchObject({
      message: "Empresa actualizada exitosamente",
      company: { name: "Cambio S.A.S.", email: "pagos@cambio.co", legal_name: "Cambio Calzado S.A.S." },
    });
  });

  // issue 32 §2: the plan, the limits and the price change only through the audited subscription change
  it("PUT refuses the plan, limits, price and billing date (422) and changes nothing; other roles get 403", async () => {
    const token = await su();
    const company = await newCompany("editar-plan");
    await addLocations(company.id, 2);
    const before = await planOf(company.id);
    const put = (json: Record<string, unknown>, t = token) =>
      api(`${BASE}/companies/${company.id}`, { method: "PUT", token: t, json });
    for (const billing of [
      { max_locations: 1 },
      { subscription_plan: "enterprise", price_per_location: 1 },
      { name: "Con plan", max_employees: 99 },
      { monthly_cost: 1 },
      { next_billing_date: "2030-01-01" },
      { plan: "enterprise" },
    ]) {
      await expectError(await put(billing), 422, "El plan, los límites y el precio se cambian en Suscripciones");
    }
    await expectError(
      await put({ subscription_status: "suspended" }),
      422,
      "El estado de la empresa se cambia con Suspender o Activar",
    );
    expect(await planOf(company.id)).toEqual(before);
    expect(await historyOf(company.id)).toEqual([]);
    // the audited path answers what the form bypassed: 2 active locations do not fit in 1
    await expectError(
      await changePlan({
        company_id: company.id,
        new_plan: "basic",
        new_max_locations: 1,
        new_max_employees: 10,
        new_price_per_location: 50_000,
      }),
      409,
      /permite 1 ubicación y la empresa tiene 2 activas/,
    );
    await expectError(await put({ name: "" }), 422, "El nombre de la empresa es requerido");
    await expectError(
      await api(`${BASE}/companies/999999`, { method: "PUT", token, json: { name: "Nadie" } }),
      404,
      "Empresa no encontrada",
    );
    await expectDenied(["boss", "administrador", "otherAdmin", "seller"], (t) => put({ name: "Tomada" }, t));
    expect((await planOf(company.id))?.name).toBe(before?.name);
  });

  it("suspends (reason required) and activates; users of a suspended company are blocked at once", async () => {
    const token = await su();
    const sellerToken = await login(DEMO.otherSeller);
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    await expectError(
      await api(`${BASE}/companies/${otra?.id}/suspend`, { method: "POST", token, json: { reason: " " } }),
      422,
      "Indica el motivo de la suspensión",
    );
    expect(
      (
        await api(`${BASE}/companies/${otra?.id}/suspend`, {
          method: "POST",
          token,
          json: { reason: "Factura vencida" },
        })
      ).status,
    ).toBe(200);
    await expectError(await api("/api/v1/auth/auth/me", { token: sellerToken }), 403, /suspendida/);
    await expectError(
      await api(`${BASE}/companies/${otra?.id}/suspend`, { method: "POST", token, json: { reason: "otra vez" } }),
      409,
    );
    const activated = await api(`${BASE}/companies/${otra?.id}/activate`, { method: "POST", token });
    expect(await activated.json()).toMatchObject({
      message: "Empresa activada exitosamente",
      company: { subscription_status: "active" },
    });
    expect((await api("/api/v1/auth/auth/me", { token: sellerToken })).status).toBe(200);
  });

  it("soft-deletes: the company leaves the lists, its users are blocked, its sales stay", async () => {
    const token = await su();
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    const otraDb = await dbOf(otra?.id ?? 0);
    const salesBefore = await otraDb
      .select()
      .from(sales)
      .where(eq(sales.companyId, otra?.id ?? 0));
    const adminToken = await login(DEMO.otherAdmin);
    expect(await (await api(`${BASE}/companies/${otra?.id}`, { method: "DELETE", token })).json()).toEqual({
      message: "Empresa eliminada exitosamente",
    });
    await expectError(await api(`${BASE}/companies/${otra?.id}`, { token }), 404);
    const list = await ok((await sa()).companies.$get({ query: {} }));
    expect(list.companies.map((c) => c.subdomain)).not.toContain("otra");
    await expectError(await api("/api/v1/auth/auth/me", { token: adminToken }), 403);
    expect(
      await otraDb
        .select()
        .from(sales)
        .where(eq(sales.companyId, otra?.id ?? 0)),
    ).toHaveLength(salesBefore.length);
  });
});

describe("boss", () => {
  it("creates the single boss, who logs in; replacing it deactivates the old one", async () => {
    const token = await su();
    const company = await newCompany("jefes");
    await expectError(await api(`${BASE}/companies/${company.id}/boss`, { token }), 404);
    await expectError(
      await api(`${BASE}/companies/${company.id}/boss`, {
        method: "POST",
        token,
        json: { email: "jefe@jefes.co", password: "debil", first_name: "J", last_name: "F" },
      }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    const res = await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "jefe@jefes.co", password: "Jefe#2026", first_name: "Juana", last_name: "Fierro" },
    });
    expect(await res.json()).toMatchObject({
      message: "Usuario Boss creado exitosamente",
      replaced: false,
      boss: { email: "jefe@jefes.co" },
    });
    const bossLogin = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: "jefe@jefes.co", password: "Jefe#2026" },
    });
    expect(await bossLogin.json()).toMatchObject({ user: { role: "boss" } });
    const replace = await api(`${BASE}/companies/${company.id}/boss`, {
      method: "POST",
      token,
      json: { email: "nuevo@jefes.co", password: "Nuevo#2026", first_name: "Nico", last_name: "Vo" },
    });
    expect(await replace.json()).toMatchObject({ replaced: true, boss: { email: "nuevo@jefes.co" } });
    await expectError(
      await api("/api/v1/auth/auth/login-json", {
        method: "POST",
        json: { email: "jefe@jefes.co", password: "Jefe#2026" },
      }),
      403,
    );
    const withBoss = await ok((await sa()).companies[":id"]["with-boss"].$get({ param: byId(company.id) }));
    expect(withBoss.boss?.email).toBe("nuevo@jefes.co");
  });
});

describe("subscriptions, limits, invoices, metrics, plans, report", () => {
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

  it("lists active plans and creates a plan with the spec's defaults", async () => {
    const token = await su();
    const list = await ok((await sa()).plans.$get({ query: {} }));
    expect(list.plans.map((p) => p.plan_code)).toEqual(["basic", "professional", "enterprise"]);
    const res = await api(`${BASE}/plans`, {
      method: "POST",
      token,
      json: { plan_code: "temporada", display_name: "Temporada" },
    });
    expect(await res.json()).toMatchObject({
      message: "Plan creado exitosamente",
      plan: { max_locations: 5, max_employees: 15, price_per_location: 60, sort_order: 0 },
    });
    await expectError(
      await api(`${BASE}/plans`, { method: "POST", token, json: { plan_code: "temporada", display_name: "Otra" } }),
      409,
    );
    await expectError(
      await api(`${BASE}/plans`, { method: "POST", token, json: { display_name: "Sin código" } }),
      422,
      "El código del plan es requerido",
    );
    await expectError(await api(`${BASE}/plans?active_only=quizas`, { token }), 422);
  });

  it("answers 403 to every other role and 401 without a token; health answers", async () => {
    await expectDenied(["boss", "administrador", "seller", "bodeguero", "corredor"], (token) =>
      api(`${BASE}/companies`, { token }),
    );
    await expectDenied(["boss", "administrador"], (token) => api(`${BASE}/metrics/global`, { token }));
    await expectDenied(["administrador"], (token) =>
      api(`${BASE}/companies/1/suspend`, { method: "POST", token, json: { reason: "x" } }),
    );
    await expectError(await api(`${BASE}/companies`), 401);
    expect(await (await api(`${BASE}/health`, { token: await su() })).json()).toMatchObject({
      module: "superadmin",
      status: "ok",
    });
  });
});

// ---------------------------------------------------------------- billing (issue 15)

const bogotaToday = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const daysFromToday = (days: number) =>
  new Date(Date.parse(`${bogotaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function changePlan(json: ChangeInput) {
  return (await sa()).subscriptions.change.$post({ json });
}

async function historyOf(companyId: number) {
  return (await ok((await sa()).subscriptions[":id"].history.$get({ param: byId(companyId) }))).history;
}

async function addLocations(companyId: number, count: number) {
  for (let i = 0; i < count; i++)
    await (await dbOf(companyId))
      .insert(locations)
      .values({ companyId, name: `Local ${companyId}-${i}-${Date.now()}` });
}

/** Runs the Worker's Cron Trigger handler as Cloudflare would at `day` 06:00 UTC (01:00 in Bogotá). */
async function runCron(day: string) {
  const controller = createScheduledController({ scheduledTime: Date.parse(`${day}T06:00:00Z`), cron: "0 5 * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function planOf(companyId: number) {
  const [row] = await platform().select().from(companies).where(eq(companies.id, companyId));
  return row;
}

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

describe("plan modules", () => {
  it("a plan without mayoreo or reportes_avanzados gets 403 on those modules' routes, and /plan/modules says so", async () => {
    const token = await su();
    const company = await newCompany("modulos", { subscription_plan: "professional" });
    const id = company.id;
    const created = await api(`${BASE}/companies/${id}/boss`, {
      method: "POST",
      token,
      json: { email: "boss@modulos.co", password: "Boss#2026", first_name: "B", last_name: "M" },
    });
    expect(created.status).toBe(201);
    await insertUser({
      companyId: id,
      email: "admin@modulos.co",
      passwordHash: await hashPassword("Admin#2026"),
      firstName: "A",
      lastName: "M",
      role: "administrador",
    });
    const admin = await login("admin@modulos.co", "Admin#2026");
    const boss = await login("boss@modulos.co", "Boss#2026");
    const modules = async (t: string) => (await api("/api/v1/plan/modules", { token: t })).json();
    expect(await modules(admin)).toMatchObject({
      plan: "professional",
      plan_name: "Profesional",
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    expect((await api("/api/v1/mayoreo/productos/listar", { token: admin })).status).toBe(200);

    const down = await changePlan({
      company_id: id,
      new_plan: "basic",
      new_max_locations: 3,
      new_max_employees: 10,
      new_price_per_location: 120_000,
    });
    expect(down.status).toBe(200);
    expect(await modules(admin)).toMatchObject({
      plan: "basic",
      plan_name: "Básico",
      modules: { mayoreo: false, reportes_avanzados: false },
    });
    const NO_MAYOREO = "Tu plan no incluye el módulo de mayoreo";
    await expectError(await api("/api/v1/mayoreo/productos/listar", { token: admin }), 403, NO_MAYOREO);
    await expectError(await api("/api/v1/mayoreo/estadisticas", { token: admin }), 403, NO_MAYOREO);
    await expectError(
      await api("/api/v1/mayoreo/ventas/registrar", { method: "POST", token: admin, json: {} }),
      403,
      NO_MAYOREO,
    );
    await expectError(
      await api("/api/v1/mayoreo/productos/1/eliminar", { method: "DELETE", token: admin }),
      403,
      NO_MAYOREO,
    );
    const NO_REPORTS = "Tu plan no incluye el módulo de reportes avanzados";
    await expectError(await api("/api/v1/boss/boss/reports/sales/daily", { token: boss }), 403, NO_REPORTS);
    await expectError(await api("/api/v1/boss/boss/financial/analysis", { token: boss }), 403, NO_REPORTS);
    await expectError(
      await api("/api/v1/boss/boss/reports/sales/consolidated", { method: "POST", token: boss, json: {} }),
      403,
      NO_REPORTS,
    );
    // what the plan keeps still answers
    expect((await api("/api/v1/boss/boss/dashboard", { token: boss })).status).toBe(200);
    expect((await api("/api/v1/admin/admin/users", { token: admin })).status).toBe(200);

    // back on a plan with the modules, they answer again at once
    await changePlan({
      company_id: id,
      new_plan: "professional",
      new_max_locations: 10,
      new_max_employees: 40,
      new_price_per_location: 100_000,
    });
    expect((await api("/api/v1/mayoreo/productos/listar", { token: admin })).status).toBe(200);
    expect((await api("/api/v1/boss/boss/reports/sales/daily", { token: boss })).status).toBe(200);
  });

  it("/plan/modules: the demo plan includes everything, the superuser has no plan, no token is 401", async () => {
    expect(await (await api("/api/v1/plan/modules", { token: await login(DEMO.seller) })).json()).toEqual({
      plan: "professional",
      plan_name: "Profesional",
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    expect(await (await api("/api/v1/plan/modules", { token: await su() })).json()).toMatchObject({
      plan: null,
      modules: { mayoreo: true, reportes_avanzados: true },
    });
    await expectError(await api("/api/v1/plan/modules"), 401);
    await expectError(await api("/api/v1/plan/modules", { token: "no-es-un-token" }), 401);
  });
});
describe("a company's administradores", () => {
  const admins = (id: number | string) => `${BASE}/companies/${id}/administradores`;
  const listAdmins = async (id: number) => ok((await sa()).companies[":id"].administradores.$get({ param: byId(id) }));

  it("gives a new company its first administrador, who logs in", async () => {
    const token = await su();
    const company = await newCompany("primeradmin", { max_employees: 2 });
    const empty = await listAdmins(company.id);
    expect(empty).toMatchObject({ administradores: [], total: 0, employees: { count: 0, limit: 2 }, locations: [] });
    const res = await api(admins(company.id), {
      method: "POST",
      token,
      json: { email: "admin@primeradmin.co", password: "primera1", first_name: "Pía", last_name: "Ramos" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      message: "Administrador creado exitosamente",
      user: { email: "admin@primeradmin.co", role: "administrador", location_id: null },
    });
    const login2 = await api("/api/v1/auth/auth/login-json", {
      method: "POST",
      json: { email: "admin@primeradmin.co", password: "primera1" },
    });
    expect(await login2.json()).toMatchObject({ user: { role: "administrador", company_id: company.id } });
    const listed = await listAdmins(company.id);
    expect(listed.administradores.map((a) => a.email)).toEqual(["admin@primeradmin.co"]);
    expect(listed.employees.count).toBe(1);
  });

  it("validates the body (422), the company (404) and the plan's limit (409)", async () => {
    const token = await su();
    const company = await newCompany("adminlimite", { max_employees: 1 });
    const post = (id: number | string, json: unknown) => api(admins(id), { method: "POST", token, json });
    const body = { email: "a@adminlimite.co", password: "clave1", first_name: "A", last_name: "B" };
    await expectError(await post(company.id, { ...body, password: "123" }), 422, /al menos 6 caracteres/);
    await expectError(await post(company.id, { ...body, email: "no-es-correo" }), 422, "El email no es válido");
    await expectError(await post(999999, body), 404, "Empresa no encontrada");
    await expectError(await api(admins(999999), { token }), 404, "Empresa no encontrada");
    expect((await post(company.id, body)).status).toBe(201);
    await expectError(await post(company.id, { ...body, email: "b@adminlimite.co" }), 409, /límite de empleados/);
  });

  it("refuses company roles", async () => {
    await expectDenied(["boss", "administrador", "seller"], (token) => api(admins(1), { token }));
    await expectDenied(["boss", "administrador"], (token) =>
      api(admins(1), {
        method: "POST",
        token,
        json: { email: "x@x.co", password: "clave1", first_name: "A", last_name: "B" },
      }),
    );
  });
});

describe("passwords of bosses and administradores", () => {
  async function bossOf(subdomain: string) {
    const company = await newCompany(subdomain);
    const json = { email: `jefe@${subdomain}.co`, password: "Jefe#2026", first_name: "J", last_name: "F" };
    const { boss } = await ok((await sa()).companies[":id"].boss.$post({ param: byId(company.id), json }), 201);
    assert(boss, "the new boss");
    return boss;
  }

  it("sets a boss's password with the strong rules, and unlocks a locked boss", async () => {
    const token = await su();
    const boss = await bossOf("clavejefe");
    const put = (json: unknown) => api(`${BASE}/users/${boss.id}/password`, { method: "PUT", token, json });
    await expectError(
      await put({ password: "debil12" }),
      422,
      "La contraseña debe tener al menos 8 caracteres, una letra mayúscula, un número y un carácter especial",
    );
    await expectError(await put({}), 422, "La contraseña es requerida");
    const res = await put({ password: "Nueva#2027" });
    expect(await res.json()).toMatchObject({ message: "Contraseña actualizada exitosamente" });
    expect(await loginStatus(boss.email, "Nueva#2027")).toBe(200);

    await lockOut(boss.email);
    const shown = await ok(
      (await sa()).companies[":id"]["with-boss"].$get({ param: byId((await companyOf(boss.email)) ?? 0) }),
    );
    expect(shown.boss?.locked_until).toBeTruthy();
    const unlock = await api(`${BASE}/users/${boss.id}/unlock`, { method: "POST", token });
    expect(await unlock.json()).toMatchObject({ was_locked: true });
    expect(await loginStatus(boss.email, "Nueva#2027")).toBe(200);
  });

  it("sets an administrador's password with the staff rule; other users are 404", async () => {
    const token = await su();
    const company = await newCompany("claveadmin");
    const json = { email: "admin@claveadmin.co", password: "inicial1", first_name: "A", last_name: "B" };
    const { user: admin } = await ok(
      (await sa()).companies[":id"].administradores.$post({ param: byId(company.id), json }),
      201,
    );
    const seller = await accountRow(DEMO.seller);
    const [superuser] = await platform().select().from(users).where(eq(users.email, DEMO.superuser));
    const put = (id: number | undefined, password: string) =>
      api(`${BASE}/users/${id}/password`, { method: "PUT", token, json: { password } });
    await expectError(await put(admin.id, "corta"), 422, "La contraseña debe tener al menos 6 caracteres");
    expect((await put(admin.id, "otra123")).status).toBe(200);
    expect(await loginStatus("admin@claveadmin.co", "otra123")).toBe(200);
    await expectError(await put(seller?.id, "Robada#2026"), 404, "Usuario no encontrado");
    await expectError(await put(superuser?.id, "Robada#2026"), 404);
    await expectError(await put(999999, "Robada#2026"), 404);
    await expectError(await api(`${BASE}/users/999999/unlock`, { method: "POST", token }), 404);
  });

  it("refuses company roles", async () => {
    const boss = await accountRow(DEMO.boss);
    await expectDenied(["boss", "administrador", "seller"], (token) =>
      api(`${BASE}/users/${boss?.id}/password`, { method: "PUT", token, json: { password: "Robada#2026" } }),
    );
    await expectDenied(["boss", "administrador"], (token) =>
      api(`${BASE}/users/${boss?.id}/unlock`, { method: "POST", token }),
    );
  });
});

async function companyOf(email: string) {
  const [row] = await platform().select().from(userDirectory).where(eq(userDirectory.email, email));
  return row?.companyId;
}

describe("PUT /superadmin/users/:id/active (an administrador of any company)", () => {
  const active = async (id: number | string, json: unknown, email: string = DEMO.superuser) =>
    api(`/api/v1/superadmin/users/${id}/active`, { method: "PUT", token: await login(email), json });

  it("deactivates and reactivates; the last active administrador goes only with confirmation; its sessions end", async () => {
    const token = await login(DEMO.superuser);
    const made = await api(`${BASE}/companies`, {
      method: "POST",
      token,
      json: { name: "Una Admin SAS", subdomain: "unaadmin", email: "una@horma.co", plan_code: "basic" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const companyId = ((await made.json()) as { company: { id: number } }).company.id;
    const first = await api(`${BASE}/companies/${companyId}/administradores`, {
      method: "POST",
      token,
      json: { email: "unica.admin@horma.co", password: "Clave123", first_name: "Única", last_name: "Admin" },
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const id = ((await first.json()) as { user: { id: number } }).user.id;
    const session = await login("unica.admin@horma.co", "Clave123");
    await expectError(await active(id, { is_active: false }), 409, /último administrador activo/);
    const off = await active(id, { is_active: false, confirm_last: true });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await off.json()).toMatchObject({ user: { is_active: false } });
    await expectError(await api("/api/v1/auth/auth/me", { token: session }), 401);
    const on = await active(id, { is_active: true });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toMatchObject({ user: { is_active: true } });
    expect((await api("/api/v1/auth/auth/me", { token: await login("unica.admin@horma.co", "Clave123") })).status).toBe(
      200,
    );
  });

  it("422 for a body without is_active, 404 for a user who is not an administrador, 403 for other roles", async () => {
    const admin = await accountRow(DEMO.administrador);
    const seller = await accountRow(DEMO.seller);
    await expectError(await active(admin?.id ?? 0, {}), 422);
    await expectError(await active(admin?.id ?? 0, { is_active: "quizás" }), 422);
    await expectError(await active(seller?.id ?? 0, { is_active: false }), 404);
    await expectError(await active(999_999, { is_active: false }), 404);
    for (const email of [DEMO.administrador, DEMO.boss, DEMO.seller]) {
      await expectError(await active(admin?.id ?? 0, { is_active: false }, email), 403);
    }
  });
});

describe("GET /superadmin/regions (where a new company's data may live)", () => {
  it("lists the regions that have shards, named in Spanish, and the default one", async () => {
    const body = await ok((await sa()).regions.$get());
    expect(body.default_region).toBe("enam");
    expect(body.regions).toEqual([
      { code: "enam", name: "Américas", shards: 2 },
      { code: "weur", name: "Europa occidental", shards: 1 },
    ]);
  });

  it("is the superuser's only", async () => {
    await expectDenied(["boss", "administrador", "seller"], (token) => api(`${BASE}/regions`, { token }));
  });
});
