import { describe, expect, it } from "vitest";
import { api, DEMO, login } from "./helpers";

// "Poco stock" has one meaning (worker/domain/low-stock.ts): the boss dashboard, the consolidated
// inventory and the admin dashboard count the same product × location items, and an alert's threshold
// changes that count everywhere at once.
type Counts = { boss: number; consolidated: number; byLocation: number; admin: number };

async function counts(): Promise<Counts> {
  const boss = await login(DEMO.boss);
  const admin = await login(DEMO.administrador);
  const [dash, inv, adminDash] = await Promise.all([
    api("/api/v1/boss/boss/dashboard", { token: boss }).then((r) => r.json()),
    api("/api/v1/boss/boss/inventory/consolidated", { token: boss }).then((r) => r.json()),
    api("/api/v1/admin/admin/dashboard", { token: admin }).then((r) => r.json()),
  ]);
  const alert = (dash as { alerts: { type: string; message: string }[] }).alerts.find((a) => a.type === "low_stock");
  const consolidated = inv as { low_stock_count: number; by_location: { low_stock_items: number }[] };
  return {
    boss: alert ? Number(alert.message.split(" ")[0]) : 0,
    consolidated: consolidated.low_stock_count,
    byLocation: consolidated.by_location.reduce((a, l) => a + l.low_stock_items, 0),
    admin: (adminDash as { metrics: { low_stock_alerts: number } }).metrics.low_stock_alerts,
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
    const locs = (await (await api("/api/v1/admin/admin/locations", { token: admin })).json()) as
      | { id: number; name: string }[]
      | { locations: { id: number; name: string }[] };
    const list = Array.isArray(locs) ? locs : locs.locations;
    const principal = list.find((l) => l.name === "Bodega Sur");
    expect(principal).toBeDefined();
    const before = await counts();
    const res = await api("/api/v1/admin/admin/inventory-alerts", {
      method: "POST",
      token: admin,
      json: { location_id: principal?.id, threshold_value: 30 },
    });
    expect(res.status).toBe(201);
    const alert = (await res.json()) as { triggered: boolean; low_stock_items: { pairs: number; threshold: number }[] };
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
    expect(alert.low_stock_items.every((i) => i.pairs >= 1 && i.pairs <= 30 && i.threshold === 30)).toBe(true);
    const inv = (await (
      await api("/api/v1/boss/boss/inventory/consolidated", { token: await login(DEMO.boss) })
    ).json()) as { by_location: { location_id: number; low_stock_items: number }[] };
    expect(inv.by_location.find((l) => l.location_id === principal?.id)?.low_stock_items).toBe(
      alert.low_stock_items.length,
    );
  });
});
