import { assert, describe, expect, it } from "vitest";
import { client, DEMO, login, ok } from "../support/helpers";

// "Poco stock" has one meaning (worker/domain/stock/low-stock.ts): the boss dashboard, the consolidated
// inventory and the admin dashboard count the same product × location items, and an alert's threshold
// changes that count everywhere at once.
type Counts = { boss: number; consolidated: number; byLocation: number; admin: number };

async function counts(): Promise<Counts> {
  const boss = await login(DEMO.boss);
  const admin = await login(DEMO.administrador);
  const [dash, consolidated, adminDash] = await Promise.all([
    ok(client(boss).boss.boss.dashboard.$get({ query: {} })),
    ok(client(boss).boss.boss.inventory.consolidated.$get()),
    ok(client(admin).admin.admin.dashboard.$get()),
  ]);
  const alert = dash.alerts.find((a) => a.type === "low_stock");
  return {
    boss: alert ? Number(alert.message.split(" ")[0]) : 0,
    consolidated: consolidated.low_stock_count,
    byLocation: consolidated.by_location.reduce((a, l) => a + l.low_stock_items, 0),
    admin: adminDash.metrics.low_stock_alerts,
  };
}

describe("poco stock, the same on every screen", () => {
  it("the boss dashboard, the consolidated inventory and the admin dashboard agree", async () => {
    const before = await counts();
    expect(before.consolidated).toBeGreaterThan(0);
    expect(before).toEqual({
      boss: before.consolidated,
      consolidated: before.consolidated,
      byLocation: before.consolidated,
      admin: before.consolidated,
    });
  });

  it("a location's alert threshold moves every screen's count alike, and the alert lists the same items", async () => {
    const admin = await login(DEMO.administrador);
    const { locations } = await ok(client(admin).admin.admin.locations.$get());
    const principal = locations.find((l) => l.name === "Bodega Sur");
    assert(principal, "Bodega Sur");
    const before = await counts();
    const alert = await ok(
      client(admin).admin.admin["inventory-alerts"].$post({
        json: { location_id: principal.id, threshold_value: 30 },
      }),
      201,
    );
    const after = await counts();
    expect(after.consolidated).toBeGreaterThan(before.consolidated);
    expect(after).toEqual({
      boss: after.consolidated,
      consolidated: after.consolidated,
      byLocation: after.consolidated,
      admin: after.consolidated,
    });
    // the alert's items are that location's share of the same count, each 1–30 available pairs
    expect(alert.triggered).toBe(true);
    const items = alert.low_stock_items;
    assert(items, "the alert's items");
    expect(items.every((i) => i.pairs >= 1 && i.pairs <= 30 && i.threshold === 30)).toBe(true);
    const inv = await ok(client(await login(DEMO.boss)).boss.boss.inventory.consolidated.$get());
    expect(inv.by_location.find((l) => l.location_id === principal.id)?.low_stock_items).toBe(items.length);
  });

  it("a product's own alert wins over its location's, on every screen alike", async () => {
    const admin = await login(DEMO.administrador);
    const { locations } = await ok(client(admin).admin.admin.locations.$get());
    const bodega = locations.find((l) => l.name === "Bodega Sur");
    assert(bodega, "Bodega Sur");
    const alerts = client(admin).admin.admin["inventory-alerts"];
    const general = await ok(alerts.$post({ json: { location_id: bodega.id, threshold_value: 30 } }), 201);
    const [item] = general.low_stock_items ?? [];
    assert(item, "an item low under the location's threshold");
    const before = await counts();
    // threshold 0 for that product there: the location's 30 no longer applies to it, so it is not low
    await ok(
      alerts.$post({ json: { location_id: bodega.id, threshold_value: 0, product_reference: item.reference_code } }),
      201,
    );
    const after = await counts();
    expect(after.consolidated).toBe(before.consolidated - 1);
    expect(after).toEqual({
      boss: after.consolidated,
      consolidated: after.consolidated,
      byLocation: after.consolidated,
      admin: after.consolidated,
    });
  });
});
