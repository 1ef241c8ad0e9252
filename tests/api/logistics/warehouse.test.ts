import { describe, expect, it } from "vitest";
import { KEEPER_WITHOUT_WAREHOUSE } from "../../../shared/messages";
import { demoPlaces, requestedTransfer } from "../support/flows";
import { api, client, DEMO, expectDenied, expectError, legacyUser, login, ok, setPairs } from "../support/helpers";

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

  it("lists pending requests urgent first, and within each the oldest first", async () => {
    const { principal, companyId } = await demoPlaces();
    const ask = async (size: string, purpose: "cliente" | "restock") => {
      await setPairs(companyId, "NEWBALAN-02", principal, size, 2);
      const body = await ok(
        client(await login(DEMO.seller)).transfers.request.$post({
          json: { source_location_id: principal, sneaker_reference_code: "NEWBALAN-02", size, purpose },
        }),
        201,
      );
      return body.transfer_request_id;
    };
    // asked in this order: a normal one, two urgent ones, another normal one
    const normalOld = await ask("36", "restock");
    const urgentOld = await ask("37", "cliente");
    const urgentNew = await ask("38", "cliente");
    const normalNew = await ask("39", "restock");
    const mine = new Set([normalOld, urgentOld, urgentNew, normalNew]);
    const pending = await ok(client(await login(DEMO.bodeguero)).warehouse["pending-requests"].$get());
    expect(pending.pending_requests.filter((t) => mine.has(t.id)).map((t) => t.id)).toEqual([
      urgentOld,
      urgentNew,
      normalOld,
      normalNew,
    ]);
    // every urgent request of the queue comes before every normal one, each group oldest first
    const urgency = pending.pending_requests.map((t) => (t.priority === "high" ? 0 : 1));
    expect(urgency).toEqual([...urgency].sort());
    for (const group of [0, 1]) {
      const times = pending.pending_requests.filter((_, i) => urgency[i] === group).map((t) => t.requested_at);
      expect(times).toEqual([...times].sort());
    }
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
