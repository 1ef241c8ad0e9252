import { describe, expect, it } from "vitest";
import { assignedTransfer, requestedTransfer } from "./flows";
import { api, client, DEMO, expectDenied, expectError, login, ok } from "./helpers";

const BASE = "/api/v1/courier";

describe("courier routes", () => {
  it("lists an accepted request as available and takes it into the courier's transports", async () => {
    const id = await requestedTransfer("NIKELEBR-01", "41");
    await api("/api/v1/warehouse/accept-request", {
      method: "POST",
      token: await login(DEMO.bodeguero),
      json: { transfer_request_id: id, accepted: true },
    });
    const courier = await login(DEMO.corredor);
    const available = await ok(client(courier).courier["available-requests"].$get({ query: {} }));
    expect(available.available_requests.map((t) => t.id)).toContain(id);
    const take = await api(`${BASE}/accept-request/${id}`, { method: "POST", token: courier, json: {} });
    expect(take.status).toBe(200);
    const mine = await ok(client(courier).courier["my-transports"].$get());
    expect(mine.my_transports.map((t) => t.id)).toContain(id);
  });

  it("refuses a filter or an estimate it does not know (422)", async () => {
    const courier = await login(DEMO.corredor);
    await expectError(
      await api(`${BASE}/available-requests?purpose=otra`, { token: courier }),
      422,
      "Filtro no válido",
    );
    const id = await assignedTransfer("NIKELEBR-01", "42");
    await expectError(
      await api(`${BASE}/confirm-delivery/${id}?delivery_successful=quizas`, { method: "POST", token: courier }),
      422,
      "delivery_successful debe ser verdadero o falso",
    );
  });

  it("is refused to the seller, the boss and the bodeguero", async () => {
    await expectDenied(["seller", "boss", "bodeguero"], (token) => api(`${BASE}/available-requests`, { token }));
  });

  it("does not let another company's administrador take a demo request (404)", async () => {
    const id = await requestedTransfer("NIKELEBR-01", "43");
    const res = await api(`${BASE}/accept-request/${id}`, {
      method: "POST",
      token: await login(DEMO.otherAdmin),
      json: {},
    });
    expect(res.status).toBe(404);
  });
});
