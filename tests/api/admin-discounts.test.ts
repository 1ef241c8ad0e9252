import { describe, expect, it } from "vitest";
import { api, DEMO, expectDenied, expectError, login } from "./helpers";

const BASE = "/api/v1/admin/admin";

describe("discount approvals", () => {
  it("lists pending requests and approves or rejects each once", async () => {
    const seller = await login(DEMO.seller);
    const ids: number[] = [];
    for (const reason of ["Aprobar", "Rechazar"]) {
      const res = await api("/api/v1/discounts/request", {
        method: "POST",
        token: seller,
        json: { amount: 10_000, reason },
      });
      ids.push(((await res.json()) as { discount_id: number }).discount_id);
    }
    const token = await login(DEMO.administrador);
    const pending = (await (await api(`${BASE}/discount-requests/pending`, { token })).json()) as {
      requests: { id: number; requester_name: string; discount_amount: number }[];
    };
    expect(pending.requests.find((r) => r.id === ids[0])).toMatchObject({
      requester_name: "Valentina Rojas",
      discount_amount: 10_000,
    });
    const approve = await api(`${BASE}/discount-requests/approve`, {
      method: "POST",
      token,
      json: { discount_request_id: ids[0], approved: true },
    });
    expect(await approve.json()).toMatchObject({ message: "Descuento aprobado exitosamente", status: "approved" });
    const reject = await api(`${BASE}/discount-requests/approve`, {
      method: "POST",
      token,
      json: { discount_request_id: ids[1], approved: false },
    });
    expect(await reject.json()).toMatchObject({
      message: "Descuento rechazado",
      status: "rejected",
      admin_notes: "Rechazado por administrador",
    });
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token,
        json: { discount_request_id: ids[0], approved: false },
      }),
      409,
    );
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token,
        json: { discount_request_id: "x", approved: true },
      }),
      422,
    );
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        json: { discount_request_id: ids[0], approved: true },
      }),
      404,
    );
    await expectDenied(["seller", "boss"], (t) => api(`${BASE}/discount-requests/pending`, { token: t }));
  });
});
