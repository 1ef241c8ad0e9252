import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locations } from "../../../worker/db/schema";
import { forgetCompanyLocations } from "../../../worker/domain/company/active-locations";
import { api, client, DEMO, db, expectError, locationNamed, login, ok } from "../support/helpers";

describe("GET /api/v1/locations", () => {
  it("lists the caller's company's active locations only", async () => {
    const list = await ok(client(await login(DEMO.seller)).locations.$get());
    expect(list.map((l) => l.name).sort()).toEqual(
      ["Bodega Principal", "Bodega Sur", "Local Centro", "Local Chapinero", "Local Unicentro"].sort(),
    );
    const other = await ok(client(await login(DEMO.otherSeller)).locations.$get());
    expect(other.map((l) => l.name).sort()).toEqual(["Otra Bodega Itagüí", "Otra Tienda Medellín"]);
  });

  it("hides inactive locations", async () => {
    const [sur] = await db()
      .update(locations)
      .set({ isActive: false })
      .where(eq(locations.name, "Bodega Sur"))
      .returning();
    // Location writes in the admin API call this; here the row is changed directly.
    forgetCompanyLocations(sur?.companyId ?? 0);
    const list = await ok(client(await login(DEMO.administrador)).locations.$get());
    expect(list.map((l) => l.name)).not.toContain("Bodega Sur");
    await db().update(locations).set({ isActive: true }).where(eq(locations.name, "Bodega Sur"));
    forgetCompanyLocations(sur?.companyId ?? 0);
  });

  it("answers 401 without a token", async () => {
    await expectError(await api("/api/v1/locations"), 401);
  });

  it("asks the superuser which company (422) and serves it when named", async () => {
    const token = await login(DEMO.superuser);
    await expectError(await api("/api/v1/locations", { token }), 422, /company_id/);
    await expectError(await api("/api/v1/locations?company_id=abc", { token }), 422);
    const demo = await locationNamed("Local Centro");
    const list = await ok(client(token, { query: { company_id: String(demo?.companyId) } }).locations.$get());
    expect(list.length).toBe(5);
  });
});

describe("GET /api/v1/locations/:id", () => {
  it("returns a location of the caller's company", async () => {
    const centro = await locationNamed("Local Centro");
    const res = await api(`/api/v1/locations/${centro?.id}`, { token: await login(DEMO.bodeguero) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Local Centro", type: "local" });
  });

  it("answers 404 for another company's location, unknown ids and malformed ids", async () => {
    const theirs = await locationNamed("Otra Tienda Medellín");
    const token = await login(DEMO.seller);
    await expectError(await api(`/api/v1/locations/${theirs?.id}`, { token }), 404, "Ubicación no encontrada");
    await expectError(await api("/api/v1/locations/999999", { token }), 404);
    await expectError(await api("/api/v1/locations/abc", { token }), 404);
    await expectError(await api("/api/v1/locations/-1", { token }), 404);
  });
});
