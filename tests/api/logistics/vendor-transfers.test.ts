import { describe, expect, it } from "vitest";
import { deliveredTransfer, requestedTransfer } from "../support/flows";
import { api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

const BASE = "/api/v1/vendor";

describe("the seller's transfers (vendor-transfers)", () => {
  it("confirms the reception of a delivered transfer, which then reads as completed", async () => {
    const id = await deliveredTransfer("NIKECOUR-01", "41");
    const seller = await login(DEMO.seller);
    const pending = await ok(client(seller).vendor["pending-transfers"].$get());
    expect(pending.pending_transfers.map((t) => t.id)).toContain(id);
    const res = await api(`${BASE}/confirm-reception/${id}?received_quantity=1&condition_ok=true`, {
      method: "POST",
      token: seller,
    });
    expect(res.status).toBe(200);
    const completed = await ok(client(seller).vendor["completed-transfers"].$get());
    expect(completed.completed_transfers.map((t) => t.id)).toContain(id);
    expect((await api(`${BASE}/transfer-details/${id}`, { token: seller })).status).toBe(200);
  });

  it("refuses a received quantity that is not a number (422)", async () => {
    const id = await deliveredTransfer("NIKECOUR-01", "42");
    await expectError(
      await api(`${BASE}/confirm-reception/${id}?received_quantity=muchos`, {
        method: "POST",
        token: await login(DEMO.seller),
      }),
      422,
      "La cantidad recibida no es válida",
    );
  });

  it("lets the seller cancel a pending request", async () => {
    const id = await requestedTransfer("NIKECOUR-01", "43");
    const res = await api(`${BASE}/cancel-transfer/${id}`, {
      method: "POST",
      token: await login(DEMO.seller),
      json: { cancellation_reason: "El cliente se fue" },
    });
    expect(res.status).toBe(200);
  });

  it("is refused to the boss, the bodeguero and the corredor", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api(`${BASE}/pending-transfers`, { token }));
  });

  it("does not show another company's seller a demo transfer (404)", async () => {
    const id = await requestedTransfer("NIKECOUR-01", "44");
    const res = await api(`${BASE}/transfer-details/${id}`, { token: await login(DEMO.otherSeller) });
    expect(res.status).toBe(404);
  });
});
