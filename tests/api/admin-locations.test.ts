import { describe, expect, it } from "vitest";
import { api, byId, client, DEMO, expectError, locationNamed, login, ok } from "./helpers";

const BASE = "/api/v1/admin/admin";

describe("admin locations", () => {
  it("lists every location with users, products and stock value; available ones for users", async () => {
    const token = await login(DEMO.administrador);
    const admin = client(token).admin.admin;
    const body = await ok(admin.locations.$get());
    expect(body.locations).toHaveLength(5);
    const principal = body.locations.find((l) => l.name === "Bodega Principal");
    expect(principal?.total_products).toBeGreaterThan(0);
    expect(principal?.total_inventory_value).toBeGreaterThan(0);
    const available = await ok(admin["available-locations-for-users"].$get());
    expect(available.locations).toHaveLength(5);
  });

  it("computes a location's stats for a range and refuses bad ranges and other companies' locations", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const stats = await ok(
      client(token).admin.admin.locations[":id"].stats.$get({
        param: byId(centro.id),
        query: { start_date: monthAgo, end_date: today },
      }),
    );
    expect(stats.sales.count).toBeGreaterThan(0);
    expect(stats.stock.pairs).toBeGreaterThan(0);
    await expectError(
      await api(`${BASE}/locations/${centro.id}/stats?start_date=2026-02-01&end_date=2026-01-01`, { token }),
      422,
    );
    await expectError(await api(`${BASE}/locations/${centro.id}/stats`, { token }), 422);
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/locations/${theirs.id}/stats?start_date=2026-01-01&end_date=2026-01-31`, { token }),
      404,
    );
  });
});
