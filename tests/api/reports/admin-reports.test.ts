import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  companies,
  discountRequests,
  inventoryAlerts,
  newsletterSubscribers,
  products,
  saleItems,
  sales,
  suppliers,
  transferRequests,
  users,
} from "../../../worker/db/schema";
import { rebuildRollups } from "../../../worker/domain/sales/rollup";
import {
  accountRow,
  api,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  locationNamed,
  login,
  ok,
  setPairs,
} from "../support/helpers";
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

/**
 * A product of its own at Local Centro (issue 37's reorder reports), with exact figures:
 * sold in March 2026: 38 × 14 (with cost), 39 × 7 (without cost), 38 × 2 all returned; 41 × 1 on 1 February;
 * stock 38: 0, 39: 2, 40: 5, 41: 3; 1 pair of 39 accepted on its way; an alert of minimum 8 for the product
 * (2 for each of its 4 sizes).
 */
let fixtures = 0;
async function reorderFixture() {
  fixtures += 1;
  const brand = `Repone${fixtures}`;
  const centro = await locationNamed("Local Centro");
  const chapinero = await locationNamed("Local Chapinero");
  const seller = await accountRow(DEMO.seller);
  const companyId = centro.companyId;
  const ref = `REPON-0${fixtures}`;
  const [product] = await db()
    .insert(products)
    .values({
      companyId,
      referenceCode: ref,
      brand,
      model: "Runner",
      category: "running",
      unitPrice: 11_900_000,
    })
    .returning();
  const productId = product?.id ?? 0;
  for (const [size, pairs] of [
    ["38", 0],
    ["39", 2],
    ["40", 5],
    ["41", 3],
  ] as const) {
    await setPairs(companyId, ref, centro.id, size, 1);
    await setPairs(companyId, ref, centro.id, size, pairs);
  }
  const sell = async (day: string, lines: { size: string; qty: number; cost: number | null; returned?: number }[]) => {
    const total = lines.reduce((acc, l) => acc + l.qty * 11_900_000, 0);
    const [sale] = await db()
      .insert(sales)
      .values({
        companyId,
        sellerId: seller?.id ?? 0,
        locationId: centro.id,
        subtotalAmount: total,
        totalAmount: total,
        saleDate: `${day}T15:00:00.000Z`,
      })
      .returning();
    await db()
      .insert(saleItems)
      .values(
        lines.map((l) => ({
          companyId,
          saleId: sale?.id ?? 0,
          productId,
          sneakerReferenceCode: ref,
          brand,
          model: "Runner",
          size: l.size,
          quantity: l.qty,
          unitPrice: 11_900_000,
          subtotal: l.qty * 11_900_000,
          netAmount: l.qty * 11_900_000,
          taxClass: "iva_19" as const,
          taxRate: 1900,
          taxBase: l.qty * 10_000_000,
          taxAmount: l.qty * 1_900_000,
          unitCost: l.cost,
          returnedQuantity: l.returned ?? 0,
        })),
      );
  };
  await sell("2026-03-10", [
    { size: "38", qty: 14, cost: 6_000_000 },
    { size: "39", qty: 7, cost: null },
  ]);
  await sell("2026-03-12", [{ size: "38", qty: 2, cost: 6_000_000, returned: 2 }]);
  await sell("2026-02-01", [{ size: "41", qty: 1, cost: 6_000_000 }]);
  await db()
    .insert(transferRequests)
    .values({
      companyId,
      requesterId: seller?.id ?? 0,
      sourceLocationId: chapinero.id,
      destinationLocationId: centro.id,
      productId,
      sneakerReferenceCode: ref,
      brand,
      model: "Runner",
      size: "39",
      quantity: 1,
      status: "accepted",
    });
  await db()
    .insert(inventoryAlerts)
    .values({ companyId, locationId: centro.id, thresholdValue: 8, productReference: ref });
  // the rows above skip the sales' batch: rebuild the rollups the reports read
  await rebuildRollups(db(), companyId);
  const [supplier] = await db()
    .insert(suppliers)
    .values({ companyId, name: "Proveedor Lento", nit: `90012345${fixtures}`, nitCheckDigit: 8, leadTimeDays: 21 })
    .returning();
  return { centro, ref, brand, productId, supplierId: supplier?.id ?? 0 };
}

describe("what to reorder: GET /reports/reorder, /reports/size-curve, /reports/product-margin", () => {
  it("suggests per size from the window's net sales, stock, pairs on the way, minimum and lead time", async () => {
    const { centro, ref, supplierId } = await reorderFixture();
    const token = await login(DEMO.administrador);
    const url = `${BASE}/reports/reorder?location_id=${centro.id}&as_of=2026-03-28`;
    type Reorder = { lead_time_days: number; rows: { reference_code: string; size: string; [k: string]: unknown }[] };
    const mine = (r: Reorder) => r.rows.filter((x) => x.reference_code === ref);
    const r = (await (await api(url, { token })).json()) as Reorder;
    expect(r.lead_time_days).toBe(7);
    // 38: 0.5 a day × 14 days + 2 = 9, nothing there; 39: 0.25 × 14 + 2 = 5.5 − 2 − 1 on the way → 3
    expect(mine(r)).toEqual([
      expect.objectContaining({
        size: "38",
        units_sold: 14,
        daily_velocity: 0.5,
        available: 0,
        in_transit: 0,
        minimum: 2,
        suggested: 9,
      }),
      expect.objectContaining({
        size: "39",
        units_sold: 7,
        daily_velocity: 0.25,
        available: 2,
        in_transit: 1,
        minimum: 2,
        suggested: 3,
      }),
    ]);
    // every row: 40 and 41 have their minimum covered
    const all = (await (await api(`${url}&all=1`, { token })).json()) as Reorder;
    expect(mine(all).map((x) => [x.size, x.suggested])).toEqual([
      ["38", 9],
      ["39", 3],
      ["40", 0],
      ["41", 0],
    ]);
    // the slow supplier: 21 + 7 days
    const slow = (await (await api(`${url}&supplier_id=${supplierId}`, { token })).json()) as Reorder;
    expect(slow.lead_time_days).toBe(21);
    expect(mine(slow).map((x) => [x.size, x.suggested])).toEqual([
      ["38", 16],
      ["39", 6],
    ]);
    await expectError(await api(`${BASE}/reports/reorder?window_days=5`, { token }), 422);
    await expectError(await api(`${BASE}/reports/reorder?window_days=181`, { token }), 422);
    await expectError(await api(`${BASE}/reports/reorder?as_of=28-03-2026`, { token }), 422);
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(await api(`${BASE}/reports/reorder?location_id=${theirs.id}`, { token }), 404);
    await expectError(await api(`${BASE}/reports/reorder?supplier_id=999999`, { token }), 404);
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (t) =>
      api(`${BASE}/reports/reorder`, { token: t }),
    );
  });

  it("draws the size curve and flags a run whose core size ran out", async () => {
    const { centro, productId, brand } = await reorderFixture();
    const token = await login(DEMO.administrador);
    const res = await api(`${BASE}/reports/size-curve?product_id=${productId}&as_of=2026-03-28`, { token });
    const curve = (await res.json()) as {
      sizes: { size: string; units_sold: number; sales_share: number; available: number; stock_share: number }[];
      locations: {
        location_id: number;
        broken: boolean;
        broken_runs: { missing_sizes: string[]; sizes_left: string[] }[];
      }[];
      broken_count: number;
    };
    // 90 days: 14 + 7 + 1 sold; 0 + 2 + 5 + 3 available
    expect(curve.sizes).toEqual([
      { size: "38", units_sold: 14, sales_share: 63.6, available: 0, stock_share: 0 },
      { size: "39", units_sold: 7, sales_share: 31.8, available: 2, stock_share: 20 },
      { size: "40", units_sold: 0, sales_share: 0, available: 5, stock_share: 50 },
      { size: "41", units_sold: 1, sales_share: 4.5, available: 3, stock_share: 30 },
    ]);
    expect(curve.locations).toHaveLength(1);
    expect(curve.locations[0]).toMatchObject({ location_id: centro.id, broken: true });
    expect(curve.locations[0]?.broken_runs[0]).toMatchObject({ missing_sizes: ["38"], sizes_left: ["39", "40", "41"] });
    expect(curve.broken_count).toBe(1);
    // by brand, the same product
    const byBrand = (await (
      await api(`${BASE}/reports/size-curve?brand=${brand.toLowerCase()}&as_of=2026-03-28`, { token })
    ).json()) as typeof curve;
    expect(byBrand.sizes).toEqual(curve.sizes);
    await expectError(await api(`${BASE}/reports/size-curve?category=sandalias`, { token }), 422);
    await expectError(await api(`${BASE}/reports/size-curve?window_days=200`, { token }), 422);
    const other = await login(DEMO.otherAdmin);
    await expectError(await api(`${BASE}/reports/size-curve?product_id=${productId}`, { token: other }), 404);
    await expectError(await api(`${BASE}/reports/size-curve?location_id=${centro.id}`, { token: other }), 404);
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (t) =>
      api(`${BASE}/reports/size-curve`, { token: t }),
    );
  });

  it("reports sales and margin per product, net of returns, on the base without IVA", async () => {
    const { centro, ref } = await reorderFixture();
    const token = await login(DEMO.administrador);
    const res = await api(
      `${BASE}/reports/product-margin?start_date=2026-03-01&end_date=2026-03-28&location_id=${centro.id}`,
      { token },
    );
    const body = (await res.json()) as { days: number; products: { reference_code: string }[] };
    expect(body.days).toBe(28);
    expect(body.products.find((p) => p.reference_code === ref)).toEqual(
      expect.objectContaining({
        units: 21,
        net_sales: 2_499_000,
        net_sales_base: 2_100_000,
        cost: 840_000,
        uncosted_units: 7,
        // on the base of the lines with a cost: 1 400 000 − 840 000
        margin: 560_000,
        margin_pct: 40,
        on_hand: 10,
        sell_through: 67.7,
        days_of_stock: 13.3,
      }),
    );
    await expectError(await api(`${BASE}/reports/product-margin?start_date=2026-03-01`, { token }), 422);
    await expectError(
      await api(`${BASE}/reports/product-margin?start_date=2026-03-10&end_date=2026-03-01`, { token }),
      422,
    );
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/reports/product-margin?start_date=2026-03-01&end_date=2026-03-28&location_id=${theirs.id}`, {
        token,
      }),
      404,
    );
    await expectDenied(["seller", "boss", "bodeguero", "corredor"], (t) =>
      api(`${BASE}/reports/product-margin?start_date=2026-03-01&end_date=2026-03-28`, { token: t }),
    );
  });
});
