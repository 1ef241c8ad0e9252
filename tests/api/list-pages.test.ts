import { and, eq, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { rowsPerStatement } from "../../worker/db/limits";
import {
  companies,
  customers,
  inventory,
  invoices,
  notifications,
  priceOverrides,
  products,
  salesDailyProducts,
  stockAdjustments,
  stockCounts,
  stockDiscrepancies,
  transferRequests,
  users,
} from "../../worker/db/schema";
import { addDays } from "../../worker/domain/platform/rules";
import { bogotaDate } from "../../worker/domain/shared/time";
import { accountRow, api, client, DEMO, db, expectError, locationNamed, login, ok, platform } from "./support/helpers";

// Issue 32 §4 "Every list says when it is cut": a list is whole, or it comes in pages whose `total` is
// exact and whose pages, walked with `offset`, bring every row once. These cases make lists longer than
// the old caps (48 storefront products, 100 stock alerts) and walk every paginated route in small pages.

type Page<T> = { rows: readonly T[]; total: number };

/**
 * Walks a paginated list `limit` rows at a time: every page agrees on the total, has the rows it should,
 * repeats none of another page, and together they are `total` rows; past the end there are none.
 */
async function walk<T>(
  load: (offset: number, limit: number) => Promise<Page<T>>,
  key: (row: T) => string | number,
  limit: number,
): Promise<{ total: number; keys: (string | number)[] }> {
  const first = await load(0, limit);
  const keys: (string | number)[] = [];
  for (let offset = 0; offset < first.total; offset += limit) {
    const page = offset === 0 ? first : await load(offset, limit);
    expect(page.total, `total at offset ${offset}`).toBe(first.total);
    expect(page.rows.length, `rows at offset ${offset}`).toBe(Math.min(limit, first.total - offset));
    for (const row of page.rows) keys.push(key(row));
  }
  expect(new Set(keys).size, "no row on two pages").toBe(keys.length);
  expect(keys.length, "the pages bring every row").toBe(first.total);
  const past = await load(first.total, limit);
  expect(past.rows).toEqual([]);
  expect(past.total).toBe(first.total);
  return { total: first.total, keys };
}

const demoId = async () => {
  const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.subdomain, "demo"));
  assert(row, "demo company");
  return row.id;
};

const CATEGORIES = ["running", "tennis", "basketball", "casual"] as const;

/** `n` active products of the company (reference `${prefix}-<i>`), published with a photo, inserted a few at a time. */
async function addProducts(companyId: number, prefix: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    referenceCode: `${prefix}-${String(i).padStart(3, "0")}`,
    brand: "Lote",
    model: `${prefix} ${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    unitPrice: 15_000_000,
    imageKey: `company/${companyId}/products/${prefix}-${i}.jpg`,
    isPublished: true,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 8) {
    const made = await db()
      .insert(products)
      .values(rows.slice(i, i + 8))
      .returning({ id: products.id });
    ids.push(...made.map((m) => m.id));
  }
  return ids;
}

let companyId = 0;
beforeAll(async () => {
  companyId = await demoId();
});

describe("the storefront lists every product, a page at a time (GET /public/products)", () => {
  const page = (query: Record<string, string>) => ok(client().public.products.$get({ query }));

  it("answers 48 of more than 48 products with the exact total, and its pages cover them all once", async () => {
    await addProducts(companyId, "VITRINA", 230);
    const [counted] = await db()
      .select({ n: sql<number>`COUNT(*)` })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.isActive, true), eq(products.isPublished, true)));
    const active = Number(counted?.n);
    expect(active).toBeGreaterThan(48);

    const first = await page({});
    expect(first.products).toHaveLength(48);
    expect(first.total).toBe(active);
    expect(first).toMatchObject({ offset: 0, limit: 48 });

    const all = await walk(
      async (offset, limit) => {
        const p = await page({ offset: String(offset), limit: String(limit) });
        return { rows: p.products, total: p.total };
      },
      (p) => p.id,
      48,
    );
    expect(all.total).toBe(active);
    // by category too: each category's pages bring exactly its products
    const running = await walk(
      async (offset, limit) => {
        const p = await page({ category: "running", offset: String(offset), limit: String(limit) });
        expect(p.products.every((x) => x.category === "running")).toBe(true);
        return { rows: p.products, total: p.total };
      },
      (p) => p.id,
      30,
    );
    const [runningCount] = await db()
      .select({ n: sql<number>`COUNT(*)` })
      .from(products)
      .where(
        and(
          eq(products.companyId, companyId),
          eq(products.isActive, true),
          eq(products.isPublished, true),
          eq(products.category, "running"),
        ),
      );
    expect(running.total).toBe(Number(runningCount?.n));
  });

  it("refuses a page size above 100 or a negative offset (422, in Spanish)", async () => {
    await expectError(await api("/api/v1/public/products?limit=101"), 422, /límite/);
    await expectError(await api("/api/v1/public/products?offset=-1"), 422, /desplazamiento/);
  });
});

describe("the boss's stock alerts are whole (GET /boss/boss/inventory/consolidated)", () => {
  it("lists every low-stock item, more than 100, as many as it counts", async () => {
    const centro = await locationNamed("Local Centro");
    const ids = await addProducts(companyId, "BAJO", 130);
    for (let i = 0; i < ids.length; i += 6) {
      await db()
        .insert(inventory)
        .values(
          ids
            .slice(i, i + 6)
            .map((productId) => ({ companyId, productId, locationId: centro.id, size: "40", pairs: 1 })),
        );
    }
    const inv = await ok(client(await login(DEMO.boss)).boss.boss.inventory.consolidated.$get());
    expect(inv.low_stock_count).toBeGreaterThan(130);
    expect(inv.low_stock_alerts).toHaveLength(inv.low_stock_count);
    expect(inv.out_of_stock_alerts).toHaveLength(inv.out_of_stock_count);
    expect(inv.overstocked_alerts).toHaveLength(inv.overstocked_count);
    const listed = new Set(inv.low_stock_alerts.map((a) => `${a.location_id}-${a.product_id}`));
    expect(listed.size).toBe(inv.low_stock_count);
    for (const id of ids) expect(listed.has(`${centro.id}-${id}`)).toBe(true);
    // the locations' counts add up to the list
    expect(inv.by_location.reduce((a, l) => a + l.low_stock_items, 0)).toBe(inv.low_stock_alerts.length);
  });

  it("names every product without a cost in the financial analysis, as many as it counts", async () => {
    const body = await ok(client(await login(DEMO.boss)).boss.boss.financial.analysis.$get({ query: {} }));
    expect(body.products_without_cost.count).toBeGreaterThan(30);
    expect(body.products_without_cost.references).toHaveLength(body.products_without_cost.count);
  });
});

describe("the paginated lists have an exact total and pages without gaps or repeats", () => {
  it("customers (GET /customers)", async () => {
    const admin = await db().select().from(users).where(eq(users.email, DEMO.administrador));
    const rows = Array.from({ length: 23 }, (_, i) => ({
      companyId,
      name: `Cliente Lista ${i}`,
      nameKey: `cliente lista ${i}`,
      documentType: "CC" as const,
      documentNumber: String(70_000_000 + i),
      dataConsent: true,
      createdBy: admin[0]?.id ?? null,
    }));
    for (let i = 0; i < rows.length; i += 8)
      await db()
        .insert(customers)
        .values(rows.slice(i, i + 8));
    const token = await login(DEMO.seller);
    const load = (q: string | undefined) => async (offset: number, limit: number) => {
      const query = { ...(q ? { q } : {}), offset: String(offset), limit: String(limit) };
      const p = await ok(client(token).customers.$get({ query }));
      expect(p.count).toBe(p.customers.length);
      return { rows: p.customers, total: p.total };
    };
    expect((await walk(load(undefined), (c) => c.id, 5)).total).toBe(23);
    // a search's total is of its matches: every word of the name ("lista 2": 2, 12, 20, 21, 22)
    const matches = rows.filter((r) => r.nameKey.includes("lista") && r.nameKey.split(" ")[2]?.includes("2"));
    expect((await walk(load("lista 2"), (c) => c.id, 2)).total).toBe(matches.length);
  });

  it("price overrides (GET /admin/admin/price-overrides)", async () => {
    const admin = await accountRow(DEMO.administrador);
    const seller = await accountRow(DEMO.seller);
    const [product] = await db().select().from(products).where(eq(products.companyId, companyId));
    assert(admin && seller && product);
    const rows = Array.from({ length: 7 }, (_, i) => ({
      companyId,
      productId: product.id,
      approvedBy: admin.id,
      requestedBy: seller.id,
      cataloguePrice: 20_000_000,
      newPrice: 18_000_000 - i * 100,
      reason: `Cliente frecuente ${i}`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }));
    await db().insert(priceOverrides).values(rows);
    const token = await login(DEMO.administrador);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).admin.admin["price-overrides"].$get({
            query: { offset: String(offset), limit: String(limit) },
          }),
        );
        return { rows: p.overrides, total: p.total };
      },
      (o) => o.id,
      3,
    );
    expect(total).toBe(7);
  });

  it("stock adjustments (GET /inventory/adjustments): pages of rows, totals of all of them", async () => {
    const centro = await locationNamed("Local Centro");
    const [product] = await db().select().from(products).where(eq(products.companyId, companyId));
    assert(product);
    const today = bogotaDate();
    const deltas = [3, -1, 2, -2, 5, 1, -4];
    await db()
      .insert(stockAdjustments)
      .values(
        deltas.map((delta, i) => ({
          ref: `lista-${i}`,
          companyId,
          productId: product.id,
          locationId: centro.id,
          size: "40",
          unitKind: "pairs" as const,
          delta,
          reason: "conteo_fisico" as const,
          unitCost: 10_000_000,
        })),
      );
    const token = await login(DEMO.administrador);
    const load = async (offset: number, limit: number) =>
      ok(
        client(token).inventory.adjustments.$get({
          // the report's dates are the rows' UTC dates: a day either side of Bogotá's today holds them
          query: { from: addDays(today, -1), to: addDays(today, 1), offset: String(offset), limit: String(limit) },
        }),
      );
    const { total } = await walk(
      async (offset, limit) => {
        const p = await load(offset, limit);
        return { rows: p.adjustments, total: p.total };
      },
      (a) => a.id,
      2,
    );
    expect(total).toBe(deltas.length);
    // a page of two still carries the totals of all seven
    const first = await load(0, 2);
    expect(first.totals.count).toBe(deltas.length);
    expect(first.totals.units_added).toBe(11);
    expect(first.totals.units_removed).toBe(7);
    expect(first.totals.value_at_cost).toBe((11 - 7) * 100_000);
  });

  it("physical counts (GET /inventory/counts)", async () => {
    const places = [await locationNamed("Local Centro"), await locationNamed("Bodega Principal")];
    for (let i = 0; i < 9; i++) {
      await db()
        .insert(stockCounts)
        .values({ companyId, locationId: places[i % 2]?.id ?? 0, status: "cancelled" });
    }
    const token = await login(DEMO.administrador);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).inventory.counts.$get({ query: { offset: String(offset), limit: String(limit) } }),
        );
        return { rows: p.counts, total: p.total };
      },
      (c) => c.id,
      4,
    );
    expect(total).toBe(9);
  });

  it("till sessions (GET /cash-sessions)", async () => {
    const token = await login(DEMO.administrador);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token)["cash-sessions"].$get({ query: { offset: String(offset), limit: String(limit) } }),
        );
        return { rows: p.sessions, total: p.total };
      },
      (s) => s.id,
      4,
    );
    const [counted] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM cash_sessions WHERE company_id = ${companyId}`,
    );
    expect(total).toBe(Number(counted?.n));
    expect(total).toBeGreaterThan(4);
  });

  it("reception discrepancies (GET /admin/admin/discrepancies), with the open count of all of them", async () => {
    // one per transfer and kind (a reception reports each kind once)
    const transfers = await db()
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.companyId, companyId))
      .limit(5);
    const keeper = await accountRow(DEMO.bodeguero);
    assert(transfers.length === 5 && keeper);
    await db()
      .insert(stockDiscrepancies)
      .values(
        transfers.map((transfer) => ({
          companyId,
          transferId: transfer.id,
          productId: transfer.productId ?? 0,
          locationId: transfer.destinationLocationId,
          size: transfer.size ?? "40",
          unit: "pair" as const,
          kind: "short" as const,
          quantity: 1,
          reportedBy: keeper.id,
        })),
      );
    const token = await login(DEMO.administrador);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).admin.admin.discrepancies.$get({
            query: { status: "open", offset: String(offset), limit: String(limit) },
          }),
        );
        expect(p.open_count).toBe(5);
        return { rows: p.discrepancies, total: p.total };
      },
      (d) => d.id,
      2,
    );
    expect(total).toBe(5);
  });

  it("newsletter subscribers (GET /admin/admin/newsletter/subscribers)", async () => {
    for (let i = 0; i < 6; i++) {
      expect(
        (await api("/api/v1/public/newsletter", { method: "POST", json: { email: `lista${i}@correo.co` } })).ok,
      ).toBe(true);
    }
    const token = await login(DEMO.administrador);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).admin.admin.newsletter.subscribers.$get({
            query: { offset: String(offset), limit: String(limit) },
          }),
        );
        return { rows: p.subscribers, total: p.total };
      },
      (s) => s.id,
      4,
    );
    expect(total).toBe(6);
  });

  it("a product's stock ledger (GET /products/:id/movements), and the product page says how long it is", async () => {
    const [row] = await db().all<{ product_id: number; n: number }>(
      sql`SELECT product_id, COUNT(*) AS n FROM stock_movements WHERE company_id = ${companyId}
          GROUP BY product_id ORDER BY n DESC LIMIT 1`,
    );
    assert(row);
    const token = await login(DEMO.administrador);
    const products$ = client(token).products[":id"];
    const param = { id: String(row.product_id) };
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          products$.movements.$get({ param, query: { offset: String(offset), limit: String(limit) } }),
        );
        return { rows: p.movements, total: p.total };
      },
      (m) => m.id,
      7,
    );
    expect(total).toBe(Number(row.n));
    const detail = await ok(products$.$get({ param }));
    expect(detail.movements_total).toBe(Number(row.n));
    expect(detail.movements.length).toBe(Math.min(50, Number(row.n)));
  });

  it("the platform's invoices (GET /superadmin/invoices): the total is of all of them, not of the page", async () => {
    const [other] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    assert(other);
    for (let i = 1; i <= 4; i++) {
      await platform()
        .insert(invoices)
        .values({
          companyId: other.id,
          invoiceNumber: `INV-LISTA-${i}`,
          billingPeriodStart: `2025-0${i}-01`,
          billingPeriodEnd: `2025-0${i}-28`,
          locationsCount: 1,
          pricePerLocation: 6_000_000,
          totalAmount: 6_000_000,
          dueDate: `2025-0${i + 1}-10`,
        });
    }
    const token = await login(DEMO.superuser);
    const [counted] = await platform().all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM invoices`);
    const all = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).superadmin.invoices.$get({ query: { skip: String(offset), limit: String(limit) } }),
        );
        return { rows: p.invoices, total: p.total };
      },
      (i) => i.id,
      2,
    );
    expect(all.total).toBe(Number(counted?.n));
    const theirs = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).superadmin.invoices.company[":id"].$get({
            param: { id: String(other.id) },
            query: { skip: String(offset), limit: String(limit) },
          }),
        );
        return { rows: p.invoices, total: p.total };
      },
      (i) => i.id,
      2,
    );
    const [their] = await platform().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM invoices WHERE company_id = ${other.id}`,
    );
    expect(theirs.total).toBe(Number(their?.n));
  });

  it("every route refuses a page size above its maximum (422, in Spanish)", async () => {
    const admin = await login(DEMO.administrador);
    const today = bogotaDate();
    for (const path of [
      "/api/v1/customers?limit=101",
      "/api/v1/inventory/counts?limit=101",
      "/api/v1/cash-sessions?limit=61",
      `/api/v1/inventory/adjustments?from=${today}&to=${today}&limit=501`,
      "/api/v1/admin/admin/price-overrides?limit=501",
      "/api/v1/admin/admin/discrepancies?limit=301",
      "/api/v1/admin/admin/newsletter/subscribers?limit=1001",
      "/api/v1/admin/admin/newsletter/subscribers?offset=uno",
    ]) {
      await expectError(await api(path, { token: admin }), 422);
    }
  });
});

describe("logistics lists and figures cover every row of their period (courier, keeper, seller)", () => {
  let companyId = 0;
  const userId = async (email: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    assert(row, email);
    return row.id;
  };
  beforeAll(async () => {
    companyId = await demoId();
  });

  /** `n` copies of one of the company's transfers with `patch` (ids, times and people changed). */
  async function copyTransfers(n: number, patch: (i: number) => Partial<typeof transferRequests.$inferInsert>) {
    const [model] = await db()
      .select()
      .from(transferRequests)
      .where(and(eq(transferRequests.companyId, companyId), eq(transferRequests.requestType, "transfer")))
      .limit(1);
    assert(model, "a demo transfer to copy");
    const { id: _id, ...fields } = model;
    // D1 binds at most 100 values per statement: as many rows of ~50 columns as fit, in one batch
    const rows = Array.from({ length: n }, (_, k) => ({ ...fields, ...patch(k) }));
    const inserts = rowsPerStatement(rows, Object.keys(fields).length).map((group) =>
      db().insert(transferRequests).values(group),
    );
    await db().batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  }

  it("a courier's deliveries come in pages with their total; the earnings cover every delivery of the period", async () => {
    const courier = await userId(DEMO.corredor);
    const now = Date.now();
    // more deliveries than the old cap of 50, half of them older than the 30 days the earnings cover
    await copyTransfers(60, (i) => {
      const at = new Date(now - (i < 30 ? i * 3_600_000 : (40 + i) * 86_400_000)).toISOString();
      return { courierId: courier, status: "completed", requestedAt: at, deliveredAt: at, completedAt: at };
    });
    const token = await login(DEMO.corredor);
    const all: { delivered_at: string | null; estimated_earning: number; distance_km: number }[] = [];
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).courier["my-deliveries"].$get({ query: { offset: String(offset), limit: String(limit) } }),
        );
        if (offset === 0) all.length = 0;
        all.push(...p.recent_deliveries);
        return { rows: p.recent_deliveries, total: p.total };
      },
      (d) => d.id,
      20,
    );
    const [counted] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE courier_id = ${courier} AND status IN ('delivered', 'completed')`,
    );
    expect(total).toBe(Number(counted?.n));
    expect(total).toBeGreaterThan(60);
    // newest delivery first, across pages
    const times = all.map((d) => d.delivered_at ?? "");
    expect(times).toEqual([...times].sort().reverse());
    const answer = await ok(client(token).courier["my-deliveries"].$get({ query: {} }));
    expect(answer.period_days).toBe(30);
    const recent = all.filter((d) => (d.delivered_at ?? "") >= answer.period_start);
    expect(answer.period_deliveries).toBe(recent.length);
    expect(answer.period_deliveries).toBeGreaterThanOrEqual(30);
    expect(answer.total_estimated_earnings).toBe(recent.reduce((a, d) => a + d.estimated_earning, 0));
    expect(answer.period_distance_km).toBeCloseTo(
      recent.reduce((a, d) => a + d.distance_km, 0),
      1,
    );
    // a whole year: the old deliveries count too
    const year = await ok(client(token).courier["my-deliveries"].$get({ query: { days: "366" } }));
    expect(year.period_deliveries).toBeGreaterThanOrEqual(answer.period_deliveries + 30);
    for (const path of ["days=0", "days=367", "days=treinta", "limit=201"]) {
      await expectError(await api(`/api/v1/courier/my-deliveries?${path}`, { token }), 422);
    }
  });

  it("the keeper's statistics count every request of the period, whatever their number, and say the period", async () => {
    const keeperToken = await login(DEMO.bodeguero);
    const keeper = await accountRow(DEMO.bodeguero);
    assert(keeper?.locationId, "the demo keeper keeps a warehouse");
    const now = Date.now();
    // 520 recent requests from this warehouse (the old figures read the last 500) and 10 old ones
    await copyTransfers(530, (i) => ({
      sourceLocationId: keeper.locationId ?? 0,
      status: i % 2 === 0 ? "completed" : "cancelled",
      priority: "normal",
      requestedAt: new Date(now - (i < 520 ? i * 60_000 : 90 * 86_400_000)).toISOString(),
      acceptedAt: null,
    }));
    const stats = await ok(client(keeperToken).warehouse.stats.$get({ query: {} }));
    const [expected] = await db().all<{ n: number; completed: number; cancelled: number }>(
      sql`SELECT COUNT(*) AS n, SUM(status = 'completed') AS completed, SUM(status = 'cancelled') AS cancelled
          FROM transfer_requests
          WHERE company_id = ${companyId} AND requested_at >= ${stats.period_start}
            AND ((request_type = 'transfer' AND source_location_id = ${keeper.locationId})
              OR (request_type = 'return' AND destination_location_id = ${keeper.locationId}))`,
    );
    expect(stats.period_days).toBe(30);
    expect(stats.totalRequests).toBe(Number(expected?.n));
    expect(stats.totalRequests).toBeGreaterThan(520);
    expect(stats.cancelled).toBe(Number(expected?.cancelled));
    const finished = Number(expected?.completed) + Number(expected?.cancelled);
    expect(stats.completionRate).toBe(Math.round((Number(expected?.completed) / finished) * 1000) / 10);
    const year = await ok(client(keeperToken).warehouse.stats.$get({ query: { days: "366" } }));
    expect(year.totalRequests).toBeGreaterThanOrEqual(stats.totalRequests + 10);
    await expectError(await api("/api/v1/warehouse/stats?days=0", { token: keeperToken }), 422);
  });

  it("a seller's notices come in pages; the unread count is of all of them", async () => {
    const seller = await userId(DEMO.seller);
    for (let i = 0; i < 60; i += 10) {
      await db()
        .insert(notifications)
        .values(
          Array.from({ length: 10 }, (_, k) => ({
            companyId,
            userId: seller,
            type: "transfer" as const,
            title: `Aviso ${i + k}`,
            message: "Reserva vencida",
          })),
        );
    }
    const token = await login(DEMO.seller);
    const [unread] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM notifications WHERE company_id = ${companyId} AND user_id = ${seller} AND is_read = 0 AND type IN ('return', 'transfer')`,
    );
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).notifications.returns.$get({ query: { offset: String(offset), limit: String(limit) } }),
        );
        expect(p.unread_count).toBe(Number(unread?.n));
        return { rows: p.notifications, total: p.total };
      },
      (n) => n.id,
      25,
    );
    expect(total).toBeGreaterThanOrEqual(60);
    await expectError(await api("/api/v1/notifications/returns?limit=101", { token }), 422);
  });

  it("a seller's own requests come in pages with their total (GET /transfers/my-requests)", async () => {
    const token = await login(DEMO.seller);
    const seller = await userId(DEMO.seller);
    const { total } = await walk(
      async (offset, limit) => {
        const p = await ok(
          client(token).transfers["my-requests"].$get({ query: { offset: String(offset), limit: String(limit) } }),
        );
        return { rows: p.transfers, total: p.total };
      },
      (t) => t.id,
      7,
    );
    const [counted] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE requester_id = ${seller}`,
    );
    expect(total).toBe(Number(counted?.n));
    await expectError(await api("/api/v1/transfers/my-requests?limit=0", { token }), 422);
  });
});

describe("sales reports list every product sold", () => {
  it("top_products has every reference of the period's rollups, not 50", async () => {
    // 60 more references sold today (their daily product rollups), beyond the old cut of 50
    const centro = await locationNamed("Local Centro");
    const rows = Array.from({ length: 60 }, (_, i) => ({
      companyId,
      day: bogotaDate(),
      locationId: centro.id,
      referenceCode: `VENDIDO-${i}`,
      brand: "Lote",
      model: `Vendido ${i}`,
      units: 1 + (i % 3),
      revenue: 10_000_000,
    }));
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(salesDailyProducts)
        .values(rows.slice(i, i + 10));
    const [counted] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM (SELECT reference_code FROM sales_daily_products WHERE company_id = ${companyId}
          GROUP BY reference_code HAVING SUM(units) > 0)`,
    );
    const today = bogotaDate();
    const report = await ok(
      client(await login(DEMO.boss)).boss.boss.reports.sales.consolidated.$post({
        json: { start_date: addDays(today, -365), end_date: today },
      }),
    );
    expect(Number(counted?.n)).toBeGreaterThan(60);
    expect(report.top_products.length).toBe(Number(counted?.n));
  });
});
