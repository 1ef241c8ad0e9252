import { assert, describe, expect, it } from "vitest";
import { api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

const BASE = "/api/v1/admin/admin";

describe("discount approvals", () => {
  it("lists pending requests and approves or rejects each once", async () => {
    const seller = await login(DEMO.seller);
    const ids: number[] = [];
    for (const reason of ["Aprobar", "Rechazar"]) {
      const answer = await ok(client(seller).discounts.request.$post({ json: { amount: 10_000, reason } }), 201);
      assert(answer.discount_id, "the request's id");
      ids.push(answer.discount_id);
    }
    const token = await login(DEMO.administrador);
    const pending = await ok(client(token).admin.admin["discount-requests"].pending.$get());
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
