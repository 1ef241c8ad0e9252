import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, byId, client, DEMO, db, expectDenied, expectError, locationNamed, login, ok } from "../support/helpers";

const BASE = "/api/v1/admin/admin/numbering-ranges";

/** A resolution valid from today for a year, as the administrador types it. */
function resolution(locationId: number, prefix: string, from: number, to: number) {
  const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return {
    location_id: locationId,
    resolution_number: "18764000001234",
    resolution_date: today,
    prefix,
    range_from: from,
    range_to: to,
    valid_from: today,
    valid_until: nextYear,
    document_text: `Resolución DIAN 18764000001234 del ${today}, prefijo ${prefix} del ${from} al ${to}`,
  };
}

let centro = 0;
let chapinero = 0;
let bodega = 0;
beforeAll(async () => {
  centro = (await locationNamed("Local Centro")).id;
  chapinero = (await locationNamed("Local Chapinero")).id;
  bodega = (await locationNamed("Bodega Principal")).id;
});

const ranges = async (role: keyof typeof DEMO = "administrador") =>
  client(await login(DEMO[role])).admin.admin["numbering-ranges"];

describe("numbering resolutions", () => {
  it("registers a store's resolution active, switching the one before off, and lists both", async () => {
    const first = await ok((await ranges()).$post({ json: resolution(centro, "NA", 1, 100) }), 201);
    expect(first.range).toMatchObject({
      location_name: "Local Centro",
      prefix: "NA",
      active: true,
      next_number: "NA1",
      used: 0,
      remaining: 100,
      state: "active",
      alerts: [],
    });
    const second = await ok((await ranges()).$post({ json: resolution(centro, "NB", 1, 50) }), 201);
    expect(second.range.active).toBe(true);
    const listed = await ok((await ranges()).$get({ query: { location_id: String(centro) } }));
    const byPrefix = new Map(listed.ranges.map((r) => [r.prefix, r]));
    expect(byPrefix.get("NA")?.active).toBe(false);
    expect(byPrefix.get("NB")?.active).toBe(true);
    expect(listed.ranges.every((r) => r.location_id === centro)).toBe(true);

    // switching back: the older one active again, the newer off
    const back = await ok((await ranges())[":id"].activate.$post({ param: byId(first.range.id) }));
    expect(back.range.active).toBe(true);
    const [row] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM numbering_ranges WHERE location_id = ${centro} AND active = 1`,
    );
    expect(row?.n).toBe(1);
    const off = await ok((await ranges())[":id"].deactivate.$post({ param: byId(first.range.id) }));
    expect(off.range).toMatchObject({ active: false, state: "inactive" });
    await expectError(
      await (await ranges())[":id"].deactivate.$post({ param: byId(first.range.id) }),
      409,
      "El rango ya está inactivo",
    );
  });

  it("corrects the text a range prints, and nothing else of it", async () => {
    const made = await ok(
      (await ranges()).$post({ json: { ...resolution(chapinero, "NH", 1, 9), activate: false } }),
      201,
    );
    const fixed = await ok(
      (await ranges())[":id"].$patch({
        param: byId(made.range.id),
        json: { document_text: "  Resolución corregida " },
      }),
    );
    expect(fixed.range).toMatchObject({
      document_text: "Resolución corregida",
      prefix: "NH",
      range_from: 1,
      range_to: 9,
    });
    await expectError(
      await (await ranges())[":id"].$patch({ param: byId(made.range.id), json: { document_text: "" } }),
      422,
      "El texto de la resolución es requerido",
    );
    await expectDenied(["seller", "boss"], (token) =>
      client(token).admin.admin["numbering-ranges"][":id"].$patch({
        param: byId(made.range.id),
        json: { document_text: "x" },
      }),
    );
    const theirStore = (await locationNamed("Otra Tienda Medellín")).id;
    const theirs = await ok(
      (await ranges("otherAdmin")).$post({ json: { ...resolution(theirStore, "OH", 1, 5), activate: false } }),
      201,
    );
    await expectError(
      await (await ranges())[":id"].$patch({ param: byId(theirs.range.id), json: { document_text: "x" } }),
      404,
    );
  });

  it("refuses a range sharing numbers with another of its prefix, in any store", async () => {
    await ok((await ranges()).$post({ json: { ...resolution(chapinero, "NC", 1000, 1999), activate: false } }), 201);
    await expectError(
      await (await ranges()).$post({ json: resolution(centro, "NC", 1500, 2500) }),
      409,
      /se cruza con otro rango del mismo prefijo/,
    );
    // the same numbers under another prefix are other documents
    await ok((await ranges()).$post({ json: { ...resolution(centro, "ND", 1500, 2500), activate: false } }), 201);
  });

  it("refuses what a resolution cannot say, and a warehouse", async () => {
    const token = await login(DEMO.administrador);
    const post = (json: unknown) =>
      api(BASE, { method: "POST", token, body: JSON.stringify(json), headers: { "Content-Type": "application/json" } });
    await expectError(await post({ ...resolution(centro, "NE", 10, 5) }), 422, /no puede ser menor/);
    await expectError(await post({ ...resolution(centro, "NEEEE", 1, 5) }), 422, /hasta 4 letras/);
    await expectError(await post({ ...resolution(centro, "NE", 1, 5), resolution_number: "12ab" }), 422, /dígitos/);
    await expectError(await post({ ...resolution(centro, "NE", 1, 5), valid_until: "2026-02-30" }), 422, /AAAA-MM-DD/);
    await expectError(
      await post({ ...resolution(centro, "NE", 1, 5), valid_from: "2020-01-01", valid_until: "2020-12-31" }),
      422,
    );
    await expectError(await post({ ...resolution(bodega, "NE", 1, 5) }), 422, /no de una bodega/);
    await expectError(await post({ ...resolution(centro, "NE", 1, 5), document_text: " " }), 422);
  });

  it("is the administrador's: the other roles are refused", async () => {
    await expectDenied(["seller", "bodeguero", "corredor", "boss"], (token) => api(BASE, { token }));
    await expectDenied(["seller", "boss"], (token) =>
      api(BASE, {
        method: "POST",
        token,
        body: JSON.stringify(resolution(centro, "NF", 1, 5)),
        headers: { "Content-Type": "application/json" },
      }),
    );
  });

  it("never reaches another company's stores or ranges", async () => {
    const theirStore = (await locationNamed("Otra Tienda Medellín")).id;
    await expectError(await (await ranges()).$post({ json: resolution(theirStore, "NG", 1, 5) }), 404);
    const theirs = await ok((await ranges("otherAdmin")).$post({ json: resolution(theirStore, "OT", 1, 5) }), 201);
    await expectError(await (await ranges())[":id"].activate.$post({ param: byId(theirs.range.id) }), 404);
    await expectError(await (await ranges())[":id"].deactivate.$post({ param: byId(theirs.range.id) }), 404);
    const mine = await ok((await ranges()).$get({ query: {} }));
    expect(mine.ranges.some((r) => r.id === theirs.range.id)).toBe(false);
  });
});
