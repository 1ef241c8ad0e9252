import { assert, describe, expect, it } from "vitest";
import * as schema from "../../../worker/db/schema";
import { api, byId, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

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
    // net of returns, goods at their recorded cost, money in whole pesos
    expect(stats.sales.total_amount).toBe(stats.sales.gross_amount - stats.sales.returns_amount);
    expect(stats.net_result).toBe(
      stats.sales.total_amount -
        stats.goods.cost_of_goods_sold -
        stats.expenses.total_amount -
        stats.operating_costs.total_amount,
    );
    expect(fractionalMoney(stats)).toEqual([]);
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

describe("editing and closing a location", () => {
  const locations = async () => client(await login(DEMO.administrador)).admin.admin.locations;
  /** A fresh empty store of the demo company, straight in D1 (the plan's location limit is not the point here). */
  async function emptyStore(name: string) {
    const centro = await locationNamed("Local Centro");
    const [row] = await db()
      .insert(schema.locations)
      .values({ companyId: centro.companyId, name, type: "local" })
      .returning();
    assert(row);
    return row;
  }

  it("edits a location's details; the type-less store keeps no capacity", async () => {
    const store = await emptyStore("Local Prueba Edición");
    const answer = await ok(
      (await locations())[":id"].$put({
        param: byId(store.id),
        json: {
          name: "Local Andino",
          address: "Cra. 11 # 82-71",
          manager_name: "Lucía Prada",
          capacity: 50,
          latitude: 4.667,
          longitude: -74.053,
        },
      }),
    );
    expect(answer.location).toMatchObject({
      name: "Local Andino",
      address: "Cra. 11 # 82-71",
      manager_name: "Lucía Prada",
      capacity: null,
      latitude: 4.667,
      longitude: -74.053,
    });
  });

  it("sets a store's opening hours and WhatsApp (any usual spelling of a mobile, kept as its 10 digits); null or empty clears them", async () => {
    const store = await emptyStore("Local Prueba Horario");
    const put = async (json: { opening_hours?: string | null; whatsapp?: string | null }) =>
      (await ok((await locations())[":id"].$put({ param: byId(store.id), json }))).location;
    expect(
      await put({ opening_hours: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00", whatsapp: "300 123 4567" }),
    ).toMatchObject({
      opening_hours: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00",
      whatsapp: "3001234567",
    });
    for (const spelling of ["+57 315-765-4321", "(57) 3157654321", "573157654321"]) {
      expect((await put({ whatsapp: spelling })).whatsapp).toBe("3157654321");
    }
    // the hours stay when only the WhatsApp changes, and both clear
    expect(await put({ whatsapp: "" })).toMatchObject({ whatsapp: null, opening_hours: expect.stringMatching(/^Lun/) });
    expect((await put({ opening_hours: null })).opening_hours).toBeNull();
    // the storefront shows what was set
    await put({ opening_hours: "Lun–Dom 10:00–20:00", whatsapp: "3209998877" });
    const { stores } = await ok(client().public.stores.$get());
    expect(stores.find((s) => s.id === store.id)).toMatchObject({
      opening_hours: "Lun–Dom 10:00–20:00",
      whatsapp: "3209998877",
    });
  });

  it("refuses to close a location with stock or open transfers (409 naming them), and closes an empty one", async () => {
    const centro = await locationNamed("Local Centro");
    const refused = await (await locations())[":id"].deactivate.$post({ param: byId(centro.id) });
    await expectError(refused, 409, /No se puede desactivar Local Centro: quedan [\d.]+ unidades en inventario/);
    const store = await emptyStore("Local Prueba Cierre");
    const closed = await ok((await locations())[":id"].deactivate.$post({ param: byId(store.id) }));
    expect(closed.location.is_active).toBe(false);
    const active = await ok(client(await login(DEMO.seller)).locations.$get());
    expect(active.map((l) => l.id)).not.toContain(store.id);
    await expectError(
      await (await locations())[":id"].deactivate.$post({ param: byId(store.id) }),
      409,
      /ya está inactiva/,
    );
    const reopened = await ok((await locations())[":id"].reactivate.$post({ param: byId(store.id) }));
    expect(reopened.location.is_active).toBe(true);
    await expectError(
      await (await locations())[":id"].reactivate.$post({ param: byId(store.id) }),
      409,
      /ya está activa/,
    );
  });

  it("keeps a location's type (409, naming the sellers assigned) and closes no store its active sellers work at", async () => {
    const token = await login(DEMO.administrador);
    const store = await emptyStore("Local Prueba Tipo");
    const { user } = await ok(
      client(token).admin.admin.users.$post({
        json: {
          email: "ven.tipo@demo.horma.co",
          password: "secreto1",
          first_name: "Tito",
          last_name: "Tipo",
          role: "vendedor",
          location_id: store.id,
        },
      }),
      201,
    );
    const put = (json: unknown) => api(`${BASE}/locations/${store.id}`, { method: "PUT", token, json });
    await expectError(
      await put({ type: "bodega" }),
      409,
      /No se puede cambiar el tipo de Local Prueba Tipo: tiene 1 vendedor asignado y cada uno necesita un local/,
    );
    await expectError(await put({ type: "oficina" }), 422, "El tipo debe ser local o bodega");
    // its own type is accepted as it is
    expect(
      (
        await ok(
          client(token).admin.admin.locations[":id"].$put({
            param: byId(store.id),
            json: { type: "local", notes: "Prueba" },
          }),
        )
      ).location.type,
    ).toBe("local");
    await expectError(
      await (await locations())[":id"].deactivate.$post({ param: byId(store.id) }),
      409,
      "No se puede desactivar Local Prueba Tipo: queda 1 vendedor asignado (asígnales otra ubicación o desactívalos antes)",
    );
    // the seller leaves: the store closes; coming back to a closed store is refused
    expect((await api(`${BASE}/users/${user.id}`, { method: "PUT", token, json: { is_active: false } })).status).toBe(
      200,
    );
    expect((await ok((await locations())[":id"].deactivate.$post({ param: byId(store.id) }))).location.is_active).toBe(
      false,
    );
    await expectError(
      await api(`${BASE}/users/${user.id}`, { method: "PUT", token, json: { is_active: true } }),
      422,
      "Un vendedor necesita un local: Local Prueba Tipo está inactiva",
    );
    // without anyone assigned, the type still stays
    const empty = await emptyStore("Local Prueba Tipo Vacío");
    await expectError(
      await api(`${BASE}/locations/${empty.id}`, { method: "PUT", token, json: { type: "bodega" } }),
      409,
      "No se puede cambiar el tipo de Local Prueba Tipo Vacío: su inventario y sus transferencias dependen de él",
    );
  });

  it("answers 422 for bad details, 403 to other roles and 404 for another company's location", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    await expectError(
      await api(`${BASE}/locations/${centro.id}`, { method: "PUT", token, json: {} }),
      422,
      /al menos un campo/,
    );
    await expectError(await api(`${BASE}/locations/${centro.id}`, { method: "PUT", token, json: { name: " " } }), 422);
    await expectError(
      await api(`${BASE}/locations/${centro.id}`, { method: "PUT", token, json: { latitude: 200 } }),
      422,
      /latitud/,
    );
    // a landline, a short number or letters are no WhatsApp; hours are one short line
    for (const whatsapp of ["601 555 0101", "300 123 456", "whatsapp", 3001234567]) {
      await expectError(
        await api(`${BASE}/locations/${centro.id}`, { method: "PUT", token, json: { whatsapp } }),
        422,
        /celular colombiano de 10 dígitos/,
      );
    }
    await expectError(
      await api(`${BASE}/locations/${centro.id}`, { method: "PUT", token, json: { opening_hours: "x".repeat(121) } }),
      422,
      /horario.*demasiado largo/,
    );
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (t) =>
      api(`${BASE}/locations/${centro.id}/deactivate`, { method: "POST", token: t }),
    );
    const theirs = await locationNamed("Otra Tienda Medellín");
    for (const path of [`/locations/${theirs.id}/deactivate`, `/locations/${theirs.id}/reactivate`]) {
      await expectError(await api(`${BASE}${path}`, { method: "POST", token }), 404);
    }
    await expectError(await api(`${BASE}/locations/${theirs.id}`, { method: "PUT", token, json: { name: "X" } }), 404);
  });
});
