import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../worker/auth/password";
import {
  companies,
  expenses,
  inventory,
  locations,
  operatingCosts,
  products,
  saleItems,
  sales,
  stockMovements,
} from "../../../worker/db/schema";
import { lineTax } from "../../../worker/domain/fiscal/tax";
import { rebuildRollups } from "../../../worker/domain/sales/rollup";
import { bogotaDate, bogotaDayRange } from "../../../worker/domain/shared/time";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  insertCompany,
  insertUser,
  inventoryCell,
  locationNamed,
  lockOut,
  login,
  loginStatus,
  ok,
  PASSWORD,
  setPairs,
  updateCompanyRow,
} from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

// A small company whose every figure is known: built directly in D1.
const today = bogotaDate();
const yesterday = bogotaDate(new Date(Date.parse(bogotaDayRange(today).start) - 3600_000));
const at = (day: string, hour: number) =>
  new Date(Date.parse(bogotaDayRange(day).start) + hour * 3600_000).toISOString();
// the time of day now: yesterday is compared up to the same time (a partial day with the same hours)
const DAY_MS = 24 * 3600_000;
const elapsedToday = Date.now() - Date.parse(bogotaDayRange(today).start);
const yesterdayAt = (msIntoDay: number) =>
  new Date(Date.parse(bogotaDayRange(yesterday).start) + Math.floor(msIntoDay)).toISOString();
let companyId = 0;
let storeA = 0;
let storeB = 0;
let bossToken = "";
/** The boss routes as typed calls, as the company's boss unless told. */
const boss = (token = bossToken) => client(token).boss.boss;

beforeAll(async () => {
  // a plan with the boss's reports (reportes_avanzados); the limits stay small for the limit test
  const company = await insertCompany({
    name: "Cifras Exactas",
    subdomain: "cifras",
    email: "c@cifras.co",
    subscriptionPlan: "professional",
    maxLocations: 3,
    maxEmployees: 10,
  });
  companyId = company.id;
  const [a] = await db().insert(locations).values({ companyId, name: "Tienda A", type: "local" }).returning();
  const [b] = await db().insert(locations).values({ companyId, name: "Tienda B", type: "local" }).returning();
  storeA = a?.id ?? 0;
  storeB = b?.id ?? 0;
  const hash = await hashPassword("Cifras#2026");
  const boss = await insertUser({
    companyId,
    email: "jefe@cifras.co",
    passwordHash: hash,
    firstName: "Jefa",
    lastName: "Cifras",
    role: "boss",
  });
  const seller = await insertUser({
    companyId,
    email: "v@cifras.co",
    passwordHash: hash,
    firstName: "V",
    lastName: "C",
    role: "seller",
    locationId: storeA,
  });
  const [p1] = await db()
    .insert(products)
    .values({ companyId, referenceCode: "P1", brand: "Alfa", model: "Uno", unitPrice: 10_000_000 })
    .returning();
  const [p2] = await db()
    .insert(products)
    .values({ companyId, referenceCode: "P2", brand: "Beta", model: "Dos", unitPrice: 5_000_000 })
    .returning();
  // stock: A/P1 10 pairs + 1 left foot; B/P2 2 pairs (low); B/P1 0 pairs (out of stock); A/P2 50 pairs (overstock)
  const cells = [
    { productId: p1?.id ?? 0, locationId: storeA, size: "40", pairs: 10, leftFeet: 1 },
    { productId: p2?.id ?? 0, locationId: storeB, size: "40", pairs: 2, leftFeet: 0 },
    { productId: p1?.id ?? 0, locationId: storeB, size: "41", pairs: 0, leftFeet: 0 },
    { productId: p2?.id ?? 0, locationId: storeA, size: "41", pairs: 50, leftFeet: 0 },
  ];
  for (const cell of cells) {
    await db()
      .insert(inventory)
      .values({ companyId, ...cell });
    await db()
      .insert(stockMovements)
      .values({
        companyId,
        productId: cell.productId,
        locationId: cell.locationId,
        size: cell.size,
        deltaPairs: cell.pairs,
        deltaLeft: cell.leftFeet,
        reason: "entry",
        createdAt: at(yesterday, 8),
      });
  }
  // sales: today A 300,000 + 100,000; today B 200,000; yesterday A 400,000 before this time of day and
  // 250,000 after it; a rejected one today (ignored)
  const sale = (
    locationId: number,
    pesos: number,
    day: string,
    status: "completed" | "rejected" = "completed",
    instant = at(day, 12),
  ) =>
    db()
      .insert(sales)
      .values({
        companyId,
        sellerId: seller?.id ?? 0,
        locationId,
        subtotalAmount: pesos * 100,
        totalAmount: pesos * 100,
        saleDate: instant,
        status,
      });
  await sale(storeA, 300_000, today);
  await sale(storeA, 100_000, today);
  await sale(storeB, 200_000, today);
  await sale(storeA, 400_000, yesterday, "completed", yesterdayAt(elapsedToday / 2));
  await sale(storeA, 250_000, yesterday, "completed", yesterdayAt(elapsedToday + (DAY_MS - elapsedToday) / 2));
  await sale(storeA, 999_000, today, "rejected");
  // costs: A rent 3,000,000 monthly; expenses today: A 50,000
  await db().insert(operatingCosts).values({
    companyId,
    locationId: storeA,
    costType: "arriendo",
    category: "Arriendo",
    description: "Arriendo",
    amount: 300_000_000,
    frequency: "monthly",
    startDate: "2026-01-01",
  });
  await db()
    .insert(expenses)
    .values({
      companyId,
      userId: seller?.id ?? 0,
      locationId: storeA,
      concept: "Taxi",
      amount: 5_000_000,
      createdAt: at(today, 10),
    });
  expect(boss).toBeTruthy();
  // rows written straight into D1 skip the rollups that the API keeps; rebuild them as an import would
  await rebuildRollups(db(), companyId);
  bossToken = await login("jefe@cifras.co", "Cifras#2026");
});

describe("boss dashboard", () => {
  it("compares today with yesterday up to the same time of day (not a partial day with a whole one)", async () => {
    const d = await ok(boss().dashboard.$get({ query: { target_date: today } }));
    const k = Object.fromEntries(d.kpis.map((x) => [x.key, x]));
    // the 250,000 sold yesterday later than this time of day is left out while today runs
    expect(k.sales_today?.previous_value).toBe(400_000);
    expect(k.transactions_today?.previous_value).toBe(1);
    // a past day is whole, compared with the whole day before it
    const past = await ok(boss().dashboard.$get({ query: { target_date: yesterday } }));
    expect(past.kpis.find((x) => x.key === "sales_today")?.value).toBe(650_000);
  });

  it("computes every KPI and its comparison exactly", async () => {
    const d = await ok(boss().dashboard.$get({ query: { target_date: today } }));
    expect(d.company_name).toBe("Cifras Exactas");
    expect(d.boss_name).toBe("Jefa Cifras");
    const k = Object.fromEntries(d.kpis.map((x) => [x.key, x]));
    expect(k.sales_today).toMatchObject({
      value: 600_000,
      previous_value: 400_000,
      change_percentage: 50,
      trend: "up",
    });
    expect(k.transactions_today).toMatchObject({ value: 3, previous_value: 1, change_percentage: 200 });
    expect(k.average_ticket).toMatchObject({
      value: 200_000,
      previous_value: 400_000,
      change_percentage: -50,
      trend: "down",
    });
    // (10 + 2 + 0 + 50) pairs × price + one left foot at half price; no ledger moves today
    expect(k.stock_value).toMatchObject({
      value: 10 * 100_000 + 2 * 50_000 + 50 * 50_000 + 50_000,
      change_percentage: 0,
      trend: "stable",
    });
    expect(k.pending_transfers).toMatchObject({ value: 0, trend: "stable" });
    // one product × location (P2 at Tienda B, 2 pairs) is low, by the same definition as the inventory lists
    expect(d.alerts).toContainEqual(
      expect.objectContaining({
        type: "low_stock",
        message: "1 producto con poco stock en una ubicación",
      }),
    );
    const a = d.locations_performance.find((l) => l.location_name === "Tienda A");
    expect(a?.efficiency_score).toBe(100);
    expect(d.locations_performance.find((l) => l.location_name === "Tienda B")?.efficiency_score).toBe(
      Math.round((200_000 / (a?.monthly_sales ?? 1)) * 1000) / 10,
    );
  });

  it("shows the same month-to-date finances as the financial analysis, and the same alerts as the inventory", async () => {
    // the dashboard reads its own figures in one batch: they must agree with the reports it summarises
    const monthStart = `${today.slice(0, 8)}01`;
    const [d, f, lowStock] = await Promise.all([
      ok(boss().dashboard.$get({ query: { target_date: today } })),
      ok(boss().financial.analysis.$get({ query: { start_date: monthStart, end_date: today } })),
      ok(boss().inventory.consolidated.$get()),
    ]);
    expect(d.financial_summary).toEqual({
      period: f.analysis_period,
      gross_sales: f.gross_sales,
      returns_count: f.returns_count,
      returns_amount: f.returns_amount,
      total_revenue: f.total_revenue,
      cost_of_goods_sold: f.cost_of_goods_sold,
      gross_profit: f.gross_profit,
      gross_margin_percentage: f.gross_margin_percentage,
      total_costs: f.total_costs,
      net_profit: f.net_profit,
      margin_percentage: f.overall_margin_percentage,
      margin_labels: {
        gross_margin_percentage: f.margin_labels.gross_margin_percentage,
        margin_percentage: f.margin_labels.overall_margin_percentage,
      },
    });
    expect(d.financial_summary.margin_labels.gross_margin_percentage).toMatch(
      /^Margen bruto \(ventas netas − costo de la mercancía\)/,
    );
    expect(d.financial_summary.margin_labels.margin_percentage).toMatch(/^Margen neto/);
    expect(d.kpis.find((k) => k.key === "sales_month")?.value).toBe(f.total_revenue);
    const alert = d.alerts.find((a) => a.type === "low_stock");
    expect(lowStock.low_stock_alerts.length).toBeGreaterThan(0);
    expect(lowStock.low_stock_count).toBe(lowStock.low_stock_alerts.length);
    expect(alert?.message.startsWith(`${lowStock.low_stock_count} `)).toBe(true);
  });
});

describe("financial analysis", () => {
  it("normalises costs to the range, adds expenses, and ranks locations by margin", async () => {
    const f = await ok(boss().financial.analysis.$get({ query: { start_date: today, end_date: today } }));
    // money in whole pesos: the rent's share of one day is 98,630.14 pesos, answered as 98,630
    const rentOneDay = Math.round(Math.round(300_000_000 * (1 / (365 / 12))) / 100);
    expect(f.total_revenue).toBe(600_000);
    expect(f.costs_by_type).toEqual({ arriendo: rentOneDay, gastos: 50_000 });
    expect(f.total_costs).toBe(rentOneDay + 50_000);
    // every list adds up to its total to the peso (the CSV's cost lines once came to a peso less)
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(Object.values(f.costs_by_type))).toBe(f.total_costs);
    expect(sum(f.locations_financials.map((l) => l.total_sales))).toBe(f.total_revenue);
    for (const l of f.locations_financials)
      expect(sum(Object.values(l.cost_breakdown) as number[])).toBe(l.operational_costs);
    expect(f.net_profit).toBe(600_000 - rentOneDay - 50_000);
    expect(f.overall_margin_percentage).toBe(Math.round(((600_000 - rentOneDay - 50_000) / 600_000) * 1000) / 10);
    expect(f.best_performing_location?.location_name).toBe("Tienda B");
    expect(f.worst_performing_location?.location_name).toBe("Tienda A");
    await expectError(
      await api("/api/v1/boss/boss/financial/analysis?start_date=2026-05-01&end_date=2026-04-01", { token: bossToken }),
      422,
    );
    const monthly = await ok(
      boss().financial.monthly.$get({ query: { year: today.slice(0, 4), month: String(Number(today.slice(5, 7))) } }),
    );
    expect(monthly.total_revenue).toBeGreaterThanOrEqual(600_000);
    await expectError(
      await api("/api/v1/boss/boss/financial/monthly?year=2019&month=1", { token: bossToken }),
      422,
      "El año debe estar entre 2020 y 2030",
    );
  });
});

describe("sales reports and consolidated inventory", () => {
  it("reports a day by location with percentages, sellers, products and payments", async () => {
    const daily = await ok(boss().reports.sales.daily.$get({ query: { report_date: today } }));
    expect(daily).toMatchObject({ total_sales: 600_000, total_transactions: 3, average_ticket: 200_000 });
    expect(daily.sales_by_location).toEqual([
      expect.objectContaining({ location_name: "Tienda A", percentage_of_total: 66.67 }),
      expect.objectContaining({ location_name: "Tienda B", percentage_of_total: 33.33 }),
    ]);
    const range = await ok(
      boss().reports.sales.consolidated.$post({ json: { start_date: yesterday, end_date: today } }),
    );
    expect(range.total_sales).toBe(1_250_000);
    await expectError(
      await api("/api/v1/boss/boss/reports/sales/consolidated", {
        method: "POST",
        token: bossToken,
        json: { start_date: "x" },
      }),
      422,
    );
    await expectError(
      await api("/api/v1/boss/boss/reports/sales/monthly?year=2026&month=13", { token: bossToken }),
      422,
      "El mes debe estar entre 1 y 12",
    );
  });

  it("consolidates inventory by brand and location, with single feet apart and the three alert lists", async () => {
    const inv = await ok(boss().inventory.consolidated.$get());
    expect(inv.total_units).toBe(62);
    expect(inv.total_locations).toBe(2);
    expect(inv.total_single_feet).toBe(1);
    expect(inv.total_value).toBe(10 * 100_000 + 50_000 + 52 * 50_000);
    expect(inv.by_brand).toEqual([
      expect.objectContaining({ category_name: "Beta", total_units: 52, percentage_of_total: 83.9 }),
      expect.objectContaining({ category_name: "Alfa", total_units: 10, percentage_of_total: 16.1 }),
    ]);
    expect(inv.low_stock_alerts.map((a) => a.reference_code)).toEqual(["P2"]);
    expect(inv.out_of_stock_alerts.map((a) => a.reference_code)).toEqual(["P1"]);
    expect(inv.overstocked_alerts.map((a) => a.reference_code)).toEqual(["P2"]);
  });
});

describe("locations", () => {
  it("creates locations up to the plan's limit (409 naming it), capacity only for warehouses", async () => {
    const res = await api("/api/v1/boss/boss/locations", {
      method: "POST",
      token: bossToken,
      json: {
        name: "Bodega Cifras",
        type: "bodega",
        capacity: 800,
        address: "Calle 1",
        opening_hours: " Lun–Vie 7:00–16:00 ",
        whatsapp: "+57 310 000 1122",
      },
    });
    expect(res.status).toBe(201);
    // the WhatsApp is kept as the mobile's 10 digits
    expect(await res.json()).toMatchObject({
      message: "Ubicación creada exitosamente",
      location: { name: "Bodega Cifras", capacity: 800, opening_hours: "Lun–Vie 7:00–16:00", whatsapp: "3100001122" },
    });
    await expectError(
      await api("/api/v1/boss/boss/locations", { method: "POST", token: bossToken, json: { name: "Cuarta" } }),
      409,
      "Se alcanzó el límite de ubicaciones del plan (3). Actualiza la suscripción para agregar más.",
    );
    await expectError(
      await api("/api/v1/boss/boss/locations", { method: "POST", token: bossToken, json: { type: "local" } }),
      422,
      "El nombre de la ubicación es requerido",
    );
    await expectError(
      await api("/api/v1/boss/boss/locations", {
        method: "POST",
        token: bossToken,
        json: { name: "Tienda C", whatsapp: "601 555 0101" },
      }),
      422,
      /celular colombiano de 10 dígitos/,
    );
    await expectError(
      await api("/api/v1/boss/boss/locations", {
        method: "POST",
        token: bossToken,
        json: { name: "X", type: "oficina" },
      }),
      422,
    );
    const list = await ok(boss().locations.$get({ query: { include_inactive: "true" } }));
    expect(list.locations.map((l) => l.name).sort()).toEqual(["Bodega Cifras", "Tienda A", "Tienda B"]);
    expect(list.locations.find((l) => l.name === "Tienda A")?.total_users).toBe(1);
  });

  it("ranks only locations that sell: a warehouse with costs and no sales is never the worst", async () => {
    const [warehouse] = await db()
      .select()
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.name, "Bodega Cifras")));
    await db()
      .insert(operatingCosts)
      .values({
        companyId,
        locationId: warehouse?.id ?? 0,
        costType: "servicios",
        category: "Servicios Públicos",
        description: "Luz bodega",
        amount: 30_000_000,
        frequency: "monthly",
        startDate: "2026-01-01",
      });
    const f = await ok(boss().financial.analysis.$get({ query: { start_date: today, end_date: today } }));
    expect(f.locations_financials.find((l) => l.location_name === "Bodega Cifras")?.operational_costs).toBeGreaterThan(
      0,
    );
    expect(f.best_performing_location?.location_name).toBe("Tienda B");
    expect(f.worst_performing_location?.location_name).toBe("Tienda A");
    // each margin says what it is
    expect(f.margin_labels.profit_margin_percentage).toMatch(/^Margen neto \(ventas netas − costo de la mercancía/);
    expect(f.margin_labels.gross_margin_percentage).toMatch(/^Margen bruto/);
  });

  it("answers every money figure of the reports and the dashboard in whole pesos", async () => {
    const month = { year: today.slice(0, 4), month: String(Number(today.slice(5, 7))) };
    const answers = {
      dashboard: await ok(boss().dashboard.$get({ query: { target_date: today } })),
      analysis: await ok(boss().financial.analysis.$get({ query: { start_date: yesterday, end_date: today } })),
      monthly: await ok(boss().financial.monthly.$get({ query: month })),
      daily: await ok(boss().reports.sales.daily.$get({ query: { report_date: today } })),
      consolidated: await ok(
        boss().reports.sales.consolidated.$post({ json: { start_date: yesterday, end_date: today } }),
      ),
      salesMonthly: await ok(boss().reports.sales.monthly.$get({ query: month })),
      inventory: await ok(boss().inventory.consolidated.$get()),
      summary: await ok(boss().summary.$get()),
      locations: await ok(boss().locations.$get({ query: { include_inactive: "true" } })),
    };
    // the rent's share of a day (98,630.14) and the 250,000 + 400,000 / 3 averages are not whole before rounding
    expect(fractionalMoney(answers)).toEqual([]);
    const demoBoss = await login(DEMO.boss);
    const demo = {
      dashboard: await ok(boss(demoBoss).dashboard.$get({ query: {} })),
      analysis: await ok(boss(demoBoss).financial.analysis.$get({ query: {} })),
      monthly: await ok(boss(demoBoss).financial.monthly.$get({ query: month })),
      salesMonthly: await ok(boss(demoBoss).reports.sales.monthly.$get({ query: month })),
    };
    expect(fractionalMoney(demo)).toEqual([]);
  });

  it("keeps other companies' figures out and refuses seller and admin tokens", async () => {
    const demoBoss = await login(DEMO.boss);
    const daily = await ok(boss(demoBoss).reports.sales.daily.$get({ query: { report_date: today } }));
    expect(daily.sales_by_location.map((l) => l.location_name)).not.toContain("Tienda A");
    const summary = await ok(boss().summary.$get());
    expect(summary.sales_today).toBe(600_000);
    await expectDenied(["seller", "administrador", "bodeguero", "corredor"], (token) =>
      api("/api/v1/boss/boss/dashboard", { token }),
    );
    await expectDenied(["administrador"], (token) =>
      api("/api/v1/boss/boss/locations", { method: "POST", token, json: { name: "X" } }),
    );
    expect(await (await api("/api/v1/boss/boss/health", { token: bossToken })).json()).toMatchObject({
      module: "boss",
      status: "ok",
    });
  });
});

describe("administradores (Personal)", () => {
  const ADMINS = "/api/v1/boss/boss/administradores";
  const demoBoss = () => login(DEMO.boss);
  const admins = async (token?: string) => boss(token ?? (await demoBoss())).administradores;
  const newAdmin = async (email: string, extra: { location_id?: number } = {}, token?: string) =>
    (await admins(token)).$post({
      json: { email, password: "admin1", first_name: "Adela", last_name: "Mora", ...extra },
    });
  async function demoCompany() {
    const [row] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
    if (!row) throw new Error("demo");
    return row;
  }

  it("lists the company's administradores with the plan's usage and the locations", async () => {
    const body = await ok((await admins()).$get());
    expect(body.administradores.map((a) => a.email)).toContain(DEMO.administrador);
    expect(body.administradores.every((a) => a.role === "administrador")).toBe(true);
    expect(body.administradores.map((a) => a.email)).not.toContain(DEMO.otherAdmin);
    expect(body.employees.limit).toBe((await demoCompany()).maxEmployees);
    expect(body.employees.count).toBeGreaterThan(0);
    expect(body.locations.map((l) => l.name)).toContain("Local Centro");
  });

  it("creates an administrador at a location, who logs in to the admin area", async () => {
    const { locations: places } = await ok((await admins()).$get());
    const centro = places.find((l) => l.name === "Local Centro");
    const res = await newAdmin("Nueva.Admin@demo.horma.co", { location_id: centro?.location_id });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      message: "Administrador creado exitosamente",
      user: { email: "nueva.admin@demo.horma.co", role: "administrador", location_name: "Local Centro" },
    });
    const token = await login("nueva.admin@demo.horma.co", "admin1");
    expect((await api("/api/v1/admin/admin/users", { token })).status).toBe(200);
  });

  it.each([
    [{ password: "admin1", first_name: "A", last_name: "B" }, "El email es requerido"],
    [{ email: "x@demo.horma.co", first_name: "A", last_name: "B" }, "La contraseña es requerida"],
    [
      { email: "x@demo.horma.co", password: "12345", first_name: "A", last_name: "B" },
      "La contraseña debe tener al menos 6 caracteres",
    ],
    [{ email: "x@demo.horma.co", password: "admin1", last_name: "B" }, "El nombre es requerido"],
    [{ email: "x@demo.horma.co", password: "admin1", first_name: "A", last_name: "B", location_id: "x" }, /ubicación/],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(await api(ADMINS, { method: "POST", token: await demoBoss(), json }), 422, message);
  });

  it("refuses a taken e-mail, another company's location, and a full plan (409)", async () => {
    await expectError(await newAdmin(DEMO.seller), 409, "Ya existe un usuario con ese correo");
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(await newAdmin("ajena@demo.horma.co", { location_id: theirs?.id }), 404);
    const company = await demoCompany();
    const { employees } = await ok((await admins()).$get());
    await updateCompanyRow(company.id, { maxEmployees: employees.count });
    try {
      await expectError(
        await newAdmin("sin.cupo@demo.horma.co"),
        409,
        `Se alcanzó el límite de empleados del plan (${employees.count}). Actualiza la suscripción para agregar más.`,
      );
    } finally {
      await updateCompanyRow(company.id, { maxEmployees: company.maxEmployees });
    }
  });

  it("sets an administrador's password and unlocks a locked one", async () => {
    const created = await ok(newAdmin("admin.clave@demo.horma.co"), 201);
    const token = await demoBoss();
    await lockOut(created.user.email);
    const listed = await ok((await admins(token)).$get());
    expect(listed.administradores.find((a) => a.id === created.user.id)?.locked_until).toBeTruthy();
    const unlock = await api(`${ADMINS}/${created.user.id}/unlock`, { method: "POST", token });
    expect(await unlock.json()).toMatchObject({ was_locked: true, message: "Cuenta desbloqueada exitosamente" });
    expect(await loginStatus(created.user.email, "admin1")).toBe(200);

    const put = (json: unknown) => api(`${ADMINS}/${created.user.id}/password`, { method: "PUT", token, json });
    await expectError(await put({ password: "corta" }), 422, "La contraseña debe tener al menos 6 caracteres");
    const res = await put({ password: "renovada1" });
    expect(await res.json()).toMatchObject({ message: "Contraseña actualizada exitosamente" });
    expect(await loginStatus(created.user.email, "renovada1")).toBe(200);
    expect(await loginStatus(created.user.email, "admin1")).toBe(401);
  });

  it("only touches administradores of its own company (404 otherwise)", async () => {
    const otherBoss = bossToken;
    const demoAdmin = await accountRow(DEMO.administrador);
    const demoSeller = await accountRow(DEMO.seller);
    await expectError(
      await api(`${ADMINS}/${demoAdmin?.id}/password`, {
        method: "PUT",
        token: otherBoss,
        json: { password: "robada1" },
      }),
      404,
      "Usuario no encontrado",
    );
    await expectError(await api(`${ADMINS}/${demoAdmin?.id}/unlock`, { method: "POST", token: otherBoss }), 404);
    await expectError(
      await api(`${ADMINS}/${demoSeller?.id}/password`, {
        method: "PUT",
        token: await demoBoss(),
        json: { password: "robada1" },
      }),
      404,
    );
    const list = await ok((await admins(otherBoss)).$get());
    expect(list.administradores.map((a) => a.email)).not.toContain(DEMO.administrador);
    expect(await loginStatus(DEMO.administrador, PASSWORD)).toBe(200);
  });

  it("refuses the other roles; the superuser names the company", async () => {
    const demoAdmin = await accountRow(DEMO.administrador);
    const denied = ["administrador", "seller", "bodeguero", "corredor"] as const;
    await expectDenied(denied, (token) => api(ADMINS, { token }));
    await expectDenied(denied, (token) =>
      api(ADMINS, { method: "POST", token, json: { email: "x@demo.horma.co", password: "admin1" } }),
    );
    await expectDenied(denied, (token) =>
      api(`${ADMINS}/${demoAdmin?.id}/password`, { method: "PUT", token, json: { password: "robada1" } }),
    );
    await expectDenied(denied, (token) => api(`${ADMINS}/${demoAdmin?.id}/unlock`, { method: "POST", token }));
    const su = await login(DEMO.superuser);
    await expectError(await api(ADMINS, { token: su }), 422, /company_id/);
    const company = await demoCompany();
    const named = client(su, { headers: { "X-Company-Id": String(company.id) } }).boss.boss.administradores;
    expect((await ok(named.$get())).administradores.map((a) => a.email)).toContain(DEMO.administrador);
  });
});

describe("financial analysis: goods at cost", () => {
  it("nets a returned pair out of the cost of goods at the cost recorded on its sale line, everywhere", async () => {
    const demoBoss = await login(DEMO.boss);
    const admin = await accountRow(DEMO.administrador);
    const demo = admin?.companyId ?? 0;
    const ref = "ADIDASFO-01";
    const [p] = await db()
      .select()
      .from(products)
      .where(and(eq(products.referenceCode, ref), eq(products.companyId, demo)));
    const cost = (p?.costPrice ?? 0) / 100;
    const price = (p?.unitPrice ?? 0) / 100;
    expect(cost).toBeGreaterThan(0);
    const centro = await locationNamed("Local Centro");
    const monthStart = `${today.slice(0, 8)}01`;
    const figures = async () => {
      const [day, month, dash, stats] = await Promise.all([
        ok(boss(demoBoss).financial.analysis.$get({ query: { start_date: today, end_date: today } })),
        ok(boss(demoBoss).financial.analysis.$get({ query: { start_date: monthStart, end_date: today } })),
        ok(boss(demoBoss).dashboard.$get({ query: {} })),
        login(DEMO.administrador).then((token) =>
          ok(
            client(token).admin.admin.locations[":id"].stats.$get({
              param: byId(centro.id),
              query: { start_date: today, end_date: today },
            }),
          ),
        ),
      ]);
      const loc = day.locations_financials.find((l) => l.location_id === centro.id);
      return { day, month, dash, stats, loc };
    };
    const before = await figures();
    const cell = await inventoryCell(ref, centro.id, "43");
    await setPairs(demo, ref, centro.id, "43", cell.pairs + 1);
    const sold = await ok(
      client(await login(DEMO.seller)).sales.create.$post({
        json: {
          items: [{ sneaker_reference_code: ref, size: "43", quantity: 1 }],
          payment_methods: [{ payment_type: "efectivo", amount: price }],
          total_amount: price,
        },
      }),
      201,
    );
    const mid = await figures();
    expect(mid.day.cost_of_goods_sold).toBe(before.day.cost_of_goods_sold + cost);
    expect(mid.loc?.cost_of_goods_sold).toBe((before.loc?.cost_of_goods_sold ?? 0) + cost);
    // the location's margin counts its goods: net profit = sales − goods − costs
    expect(mid.loc?.net_profit).toBe(
      (mid.loc?.total_sales ?? 0) - (mid.loc?.cost_of_goods_sold ?? 0) - (mid.loc?.operational_costs ?? 0),
    );
    expect(mid.day.net_profit).toBe(mid.day.total_revenue - mid.day.cost_of_goods_sold - mid.day.total_costs);
    // the dashboard's month is the analysis's month, goods included
    expect(mid.dash.financial_summary.cost_of_goods_sold).toBe(mid.month.cost_of_goods_sold);
    expect(mid.dash.financial_summary.gross_margin_percentage).toBe(mid.month.gross_margin_percentage);
    expect(mid.stats.goods.cost_of_goods_sold).toBe(before.stats.goods.cost_of_goods_sold + cost);

    // the customer brings the pair back: revenue and goods both go back, the pair is in stock again
    const view = (await (
      await api(`/api/v1/sale-returns/sale?code=${sold.sale_id}`, { token: await login(DEMO.seller) })
    ).json()) as { sale: { items: { id: number }[] } };
    const back = await api("/api/v1/sale-returns", {
      method: "POST",
      token: await login(DEMO.seller),
      headers: { "Idempotency-Key": `cogs-${Date.now()}` },
      json: {
        sale_id: sold.sale_id,
        lines: [{ sale_item_id: view.sale.items[0]?.id, quantity: 1 }],
        reason: "talla",
        refund_method: "transferencia",
      },
    });
    expect(back.status, await back.clone().text()).toBe(201);
    const after = await figures();
    for (const key of [
      "total_revenue",
      "cost_of_goods_sold",
      "gross_profit",
      "net_profit",
      "profit_after_goods",
    ] as const) {
      expect(after.day[key], key).toBe(before.day[key]);
    }
    expect(after.day.gross_margin_percentage).toBe(before.day.gross_margin_percentage);
    expect(after.day.returns_amount).toBe(before.day.returns_amount + price);
    expect(after.day.gross_sales).toBe(before.day.gross_sales + price);
    expect(after.loc?.cost_of_goods_sold).toBe(before.loc?.cost_of_goods_sold);
    expect(after.loc?.net_profit).toBe(before.loc?.net_profit);
    expect(after.dash.financial_summary.cost_of_goods_sold).toBe(after.month.cost_of_goods_sold);
    expect(after.dash.financial_summary.returns_amount).toBe(after.month.returns_amount);
    expect(after.dash.financial_summary.gross_sales).toBe(after.month.gross_sales);
    expect(after.stats.goods.cost_of_goods_sold).toBe(before.stats.goods.cost_of_goods_sold);
    expect(after.stats.sales.total_amount).toBe(before.stats.sales.total_amount);
    expect(after.stats.sales.returns_amount).toBe(before.stats.sales.returns_amount + price);
    expect(after.stats.net_result).toBe(before.stats.net_result);
  });

  it("takes a sale's goods at the cost they had when sold, values stock at cost and at price, and names products without cost", async () => {
    const demoBoss = await login(DEMO.boss);
    const admin = await accountRow(DEMO.administrador);
    const demo = admin?.companyId ?? 0;
    const before = await ok(boss(demoBoss).financial.analysis.$get({ query: { start_date: today, end_date: today } }));
    // sell one pair of a product with a cost price, then raise its cost: the sale keeps the cost it had
    const ref = "ADIDASFO-01";
    const [p] = await db()
      .select()
      .from(products)
      .where(and(eq(products.referenceCode, ref), eq(products.companyId, demo)));
    expect(p?.costPrice).toBeTruthy();
    const cost = (p?.costPrice ?? 0) / 100;
    const price = (p?.unitPrice ?? 0) / 100;
    const centro = await locationNamed("Local Centro");
    await db()
      .insert(inventory)
      .values({ companyId: demo, productId: p?.id ?? 0, locationId: centro?.id ?? 0, size: "44", pairs: 0 })
      .onConflictDoNothing();
    await db()
      .insert(stockMovements)
      .values({
        companyId: demo,
        productId: p?.id ?? 0,
        locationId: centro?.id ?? 0,
        size: "44",
        deltaPairs: 1,
        reason: "entry",
      });
    await db().run(
      sql`UPDATE inventory SET pairs = pairs + 1 WHERE product_id = ${p?.id ?? 0} AND location_id = ${centro?.id ?? 0} AND size = '44'`,
    );
    await ok(
      client(await login(DEMO.seller)).sales.create.$post({
        json: {
          items: [{ sneaker_reference_code: ref, size: "44", quantity: 1 }],
          payment_methods: [{ payment_type: "efectivo", amount: price }],
          total_amount: price,
        },
      }),
      201,
    );
    await db()
      .update(products)
      .set({ costPrice: (p?.costPrice ?? 0) * 2 })
      .where(eq(products.id, p?.id ?? 0));
    const after = await ok(boss(demoBoss).financial.analysis.$get({ query: { start_date: today, end_date: today } }));
    expect(after.cost_of_goods_sold).toBeCloseTo(before.cost_of_goods_sold + cost, 2);
    expect(after.gross_profit).toBeCloseTo(before.gross_profit + price - cost, 2);
    // net profit counts the goods (the same figure as profit_after_goods)
    expect(after.profit_after_goods).toBe(after.net_profit);
    expect(after.net_profit).toBe(after.total_revenue - after.cost_of_goods_sold - after.total_costs);

    // stock value at price and at cost, straight from the cells of active locations
    const rows = await db().all<{ at_price: number; at_cost: number; uncosted: number }>(sql`
      SELECT SUM((c.pairs + c.exhibition) * p.unit_price + (c.left_feet + c.right_feet) * p.unit_price / 2.0) AS at_price,
             SUM(CASE WHEN p.cost_price IS NOT NULL THEN (c.pairs + c.exhibition) * p.cost_price + (c.left_feet + c.right_feet) * p.cost_price / 2.0 ELSE 0 END) AS at_cost,
             SUM(CASE WHEN p.cost_price IS NULL THEN c.pairs + c.exhibition ELSE 0 END) AS uncosted
      FROM inventory c JOIN products p ON p.id = c.product_id JOIN locations l ON l.id = c.location_id AND l.is_active = 1
      WHERE c.company_id = ${demo}`);
    expect(after.inventory_value.at_price).toBe(Math.round(Math.round(rows[0]?.at_price ?? 0) / 100));
    expect(after.inventory_value.at_cost).toBe(Math.round(Math.round(rows[0]?.at_cost ?? 0) / 100));
    expect(after.inventory_value.units_without_cost).toBe(rows[0]?.uncosted);
    const uncosted = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM products WHERE company_id = ${demo} AND is_active = 1 AND cost_price IS NULL`,
    );
    expect(after.products_without_cost.count).toBe(uncosted[0]?.n);
    expect(after.products_without_cost.count).toBeGreaterThan(0);
    expect(after.products_without_cost.references[0]).toMatch(/ · /);
    await db()
      .update(products)
      .set({ costPrice: p?.costPrice ?? null })
      .where(eq(products.id, p?.id ?? 0));
  });
});

describe("PUT /boss/administradores/:id/active", () => {
  const active = async (id: number | string, json: unknown, email: string = DEMO.boss) =>
    api(`/api/v1/boss/boss/administradores/${id}/active`, { method: "PUT", token: await login(email), json });

  it("the boss deactivates and reactivates an administrador of the company; another company's is 404", async () => {
    const created = await api("/api/v1/boss/boss/administradores", {
      method: "POST",
      token: await login(DEMO.boss),
      json: { email: "segunda.admin@demo.horma.co", password: "Clave123", first_name: "Segunda", last_name: "Admin" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { user: { id: number } }).user.id;
    const session = await login("segunda.admin@demo.horma.co", "Clave123");
    // not the last one (admin@demo is active): no confirmation needed
    const off = await active(id, { is_active: false });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await off.json()).toMatchObject({ user: { is_active: false } });
    await expectError(await api("/api/v1/auth/auth/me", { token: session }), 401);
    expect((await active(id, { is_active: true })).status).toBe(200);
    const otherAdmin = await accountRow(DEMO.otherAdmin);
    await expectError(await active(otherAdmin?.id ?? 0, { is_active: false }), 404);
  });

  it("422 for a bad body, 403 for other roles", async () => {
    const admin = await accountRow(DEMO.administrador);
    await expectError(await active(admin?.id ?? 0, { is_active: "no sé" }), 422);
    for (const email of [DEMO.administrador, DEMO.seller, DEMO.bodeguero]) {
      await expectError(await active(admin?.id ?? 0, { is_active: false }, email), 403);
    }
  });
});

describe("the IVA report (GET /boss/boss/reports/iva)", () => {
  it("adds the IVA each line stored, by store, for the period; a reversed period 422; the administrador 403", async () => {
    // one line per sale of the fixture, at 19 % as a sale stores it (the rejected one counts for nothing)
    const fixtureSales = await db().select().from(sales).where(eq(sales.companyId, companyId));
    for (const s of fixtureSales) {
      const { base, tax } = lineTax(s.totalAmount, 1900);
      await db().insert(saleItems).values({
        companyId,
        saleId: s.id,
        sneakerReferenceCode: "IVA-01",
        brand: "Beta",
        model: "Uno",
        size: "40",
        quantity: 1,
        unitPrice: s.totalAmount,
        subtotal: s.totalAmount,
        netAmount: s.totalAmount,
        taxClass: "iva_19",
        taxRate: 1900,
        taxBase: base,
        taxAmount: tax,
      });
    }
    const report = await ok(boss().reports.iva.$get({ query: { start_date: today, end_date: today } }));
    const taxOf = (...pesos: number[]) => pesos.reduce((acc, p) => acc + lineTax(p * 100, 1900).tax, 0);
    const line = (store: number) => report.lines.find((l) => l.location_id === store && l.tax_class === "iva_19");
    expect(Math.round((line(storeA)?.sales_tax ?? 0) * 100)).toBe(taxOf(300_000, 100_000));
    expect(Math.round((line(storeB)?.sales_tax ?? 0) * 100)).toBe(taxOf(200_000));
    expect(Math.round(report.totals.net_tax * 100)).toBe(taxOf(300_000, 100_000, 200_000));
    await expectError(
      await api(`/api/v1/boss/boss/reports/iva?start_date=${today}&end_date=${yesterday}`, { token: bossToken }),
      422,
    );
    await expectDenied(["administrador", "seller"], (token) =>
      api(`/api/v1/boss/boss/reports/iva?start_date=${today}&end_date=${today}`, { token }),
    );
  });
});
