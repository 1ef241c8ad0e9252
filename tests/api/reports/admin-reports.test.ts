import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, discountRequests, newsletterSubscribers, users } from "../../../worker/db/schema";
import { api, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

const BASE = "/api/v1/admin/admin";
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() - 5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
/** The admin panel's routes as typed calls. */
const admin = (token: string) => client(token).admin.admin;

describe("alerts, reports, dashboard and system", () => {
  it("creates a low-stock alert that is evaluated against stock and shows on the dashboard", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const alert = await ok(
      admin(token)["inventory-alerts"].$post({
        json: {
          location_id: centro.id,
          alert_type: "inventario_minimo",
          threshold_value: 1000,
          product_reference: "NIKEAIRM-01",
          notification_emails: "jefe@demo.horma.co",
          is_active: true,
        },
      }),
      201,
    );
    expect(alert.triggered).toBe(true);
    expect(alert.low_stock_items?.[0]?.reference_code).toBe("NIKEAIRM-01");
    const dash = await ok(admin(token).dashboard.$get());
    expect(dash.metrics.low_stock_alerts).toBeGreaterThanOrEqual(1);
    expect(dash.managed_locations).toHaveLength(5);
    await expectError(
      await api(`${BASE}/inventory-alerts`, {
        method: "POST",
        token,
        json: { location_id: centro.id, threshold_value: -1 },
      }),
      422,
    );
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/inventory-alerts`, {
        method: "POST",
        token,
        json: { location_id: theirs.id, threshold_value: 1 },
      }),
      404,
    );
  });

  it("computes the dashboard metrics from real rows", async () => {
    const token = await login(DEMO.administrador);
    const metrics = await ok(admin(token).dashboard.metrics.$get());
    const [company] = await db().select({ id: users.companyId }).from(users).where(eq(users.email, DEMO.administrador));
    const active = await db()
      .select()
      .from(users)
      .where(and(eq(users.companyId, company?.id ?? 0), eq(users.isActive, true)));
    const pending = await db()
      .select()
      .from(discountRequests)
      .where(and(eq(discountRequests.companyId, company?.id ?? 0), eq(discountRequests.status, "pending")));
    expect(metrics.active_users).toBe(active.length);
    expect(metrics.pending_discount_approvals).toBe(pending.length);
    expect(metrics.total_sales_today).toBeGreaterThan(0);
    expect(metrics.total_sales_month).toBeGreaterThanOrEqual(metrics.total_sales_today ?? 0);
    expect(metrics.avg_performance_score).toBeGreaterThan(0);
  });

  it("builds the sales report by location, seller, product and payment method", async () => {
    const token = await login(DEMO.administrador);
    const r = await ok(admin(token).reports.sales.$post({ json: { start_date: plusDays(-30), end_date: today() } }));
    expect(r.total_transactions).toBe(5);
    expect(r.sales_by_location.reduce((a, l) => a + l.total_sales, 0)).toBeCloseTo(r.total_sales, 2);
    expect(r.payment_methods_breakdown.reduce((a, p) => a + p.total_amount, 0)).toBeCloseTo(r.total_sales, 2);
    expect(r.top_sellers.length).toBe(2);
    await expectError(
      await api(`${BASE}/reports/sales`, { method: "POST", token, json: { start_date: "ayer", end_date: today() } }),
      422,
    );
    const other = await ok(
      admin(await login(DEMO.otherAdmin)).reports.sales.$post({
        json: { start_date: plusDays(-30), end_date: today() },
      }),
    );
    expect(other.total_transactions).toBe(0);
  });

  it("answers gross sales, returns and net, and every money figure in whole pesos", async () => {
    const token = await login(DEMO.administrador);
    const r = await ok(admin(token).reports.sales.$post({ json: { start_date: plusDays(-30), end_date: today() } }));
    expect(r.gross_sales).toBe(r.total_sales + r.returns_amount);
    expect(r.returns_count).toBeGreaterThanOrEqual(0);
    const answers = {
      sales: r,
      performance: await ok(admin(token).performance.users.$get({ query: {} })),
      dashboard: await ok(admin(token).dashboard.$get()),
      metrics: await ok(admin(token).dashboard.metrics.$get()),
    };
    // averages (ticket, per seller, per product) are whole pesos, not 319,950.25
    expect(fractionalMoney(answers)).toEqual([]);
  });

  it("answers performance, transfers overview, assignments, overview, health and the live diagnosis", async () => {
    const token = await login(DEMO.administrador);
    const perf = await ok(admin(token).performance.users.$get({ query: { role: "vendedor" } }));
    expect(perf.users.every((u) => u.role === "seller")).toBe(true);
    expect(Math.max(...perf.users.map((u) => u.performance_score))).toBe(100);
    await expectError(await api(`${BASE}/performance/users?role=jefe`, { token }), 422);
    const overview = await ok(admin(token).transfers.overview.$get());
    expect(overview.by_status.completed).toBe(1);
    expect(overview.open_transfers).toBe(7);
    const assignments = await ok(admin(token)["product-assignments"].$get());
    expect(assignments.assignments).toHaveLength(5);
    expect((await api(`${BASE}/system/overview`, { token })).status).toBe(200);
    expect(await (await api(`${BASE}/health`, { token })).json()).toMatchObject({ module: "admin", status: "ok" });
    const diag = await api(`${BASE}/diagnosis/microservice-connection`, { token });
    expect(diag.status).toBe(200);
    expect(await diag.json()).toMatchObject({
      status: "ok",
      checks: { d1: { status: "ok" }, r2: { status: "ok" }, durable_object: { status: "ok" } },
    });
    await expectDenied(["seller", "boss", "corredor"], (t) => api(`${BASE}/dashboard`, { token: t }));
  });
});

const subscribe = (json: unknown) => api("/api/v1/public/newsletter", { method: "POST", json });

async function showcaseRows() {
  const [showcase] = await db().select().from(companies).where(eq(companies.subdomain, env.STOREFRONT_SUBDOMAIN));
  return db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.companyId, showcase?.id ?? 0));
}

describe("GET /api/v1/admin/admin/newsletter/subscribers", () => {
  it("lists the company's subscribers, newest first, for its administrador", async () => {
    await subscribe({ email: "primero@correo.co" });
    await subscribe({ email: "segundo@correo.co" });
    const body = await ok(admin(await login(DEMO.administrador)).newsletter.subscribers.$get({ query: {} }));
    const emails = body.subscribers.map((s) => s.email);
    expect(emails.indexOf("segundo@correo.co")).toBeLessThan(emails.indexOf("primero@correo.co"));
    expect(body.total).toBe((await showcaseRows()).length);
    expect(Number.isNaN(Date.parse(body.subscribers[0]?.subscribed_at ?? ""))).toBe(false);
  });

  it("shows another company's administrador none of them", async () => {
    await subscribe({ email: "solo-demo@correo.co" });
    const body = await ok(admin(await login(DEMO.otherAdmin)).newsletter.subscribers.$get({ query: {} }));
    expect(body.subscribers.map((s) => s.email)).not.toContain("solo-demo@correo.co");
    expect(body.total).toBe(body.subscribers.length);
  });

  it("is refused to the seller, the boss, the bodeguero and the corredor", async () => {
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (token) =>
      api("/api/v1/admin/admin/newsletter/subscribers", { token }),
    );
  });
});
