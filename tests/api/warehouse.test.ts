import { describe, expect, it } from "vitest";
import { KEEPER_WITHOUT_WAREHOUSE } from "../../shared/messages";
import { requestedTransfer } from "./flows";
import { api, client, DEMO, expectDenied, expectError, legacyUser, login, ok } from "./helpers";

const BASE = "/api/v1/warehouse";

describe("warehouse routes", () => {
  it("shows the keeper a new request, and its stats and couriers", async () => {
    const id = await requestedTransfer("ADIDASBA-01", "41");
    const keeper = await login(DEMO.bodeguero);
    const pending = await ok(client(keeper).warehouse["pending-requests"].$get());
    expect(pending.pending_requests.map((t) => t.id)).toContain(id);
    expect((await api(`${BASE}/stats`, { token: keeper })).status).toBe(200);
    expect((await api(`${BASE}/couriers`, { token: keeper })).status).toBe(200);
    expect((await api(`${BASE}/accepted-requests`, { token: keeper })).status).toBe(200);
    expect((await api(`${BASE}/returns`, { token: keeper })).status).toBe(200);
  });

  it("is refused to the seller, the boss and the corredor", async () => {
    await expectDenied(["seller", "boss", "corredor"], (token) => api(`${BASE}/pending-requests`, { token }));
  });

  it("never shows another company's administrador the demo's requests", async () => {
    const id = await requestedTransfer("ADIDASBA-01", "42");
    const body = await ok(client(await login(DEMO.otherAdmin)).warehouse["pending-requests"].$get());
    expect(body.pending_requests.map((t) => t.id)).not.toContain(id);
  });

  it("refuses a keeper without a warehouse (403), never showing the company's queue", async () => {
    await requestedTransfer("ADIDASBA-01", "43");
    for (const [email, at] of [
      ["bodega.sin@demo.horma.co", null],
      ["bodega.en.local@demo.horma.co", "Local Centro"],
    ] as const) {
      const keeper = await legacyUser(email, "bodeguero", at);
      for (const path of ["pending-requests", "accepted-requests", "returns", "stats", "couriers"]) {
        await expectError(await api(`${BASE}/${path}`, { token: keeper }), 403, KEEPER_WITHOUT_WAREHOUSE);
      }
    }
  });
});
