import { beforeAll, describe, expect, it } from "vitest";
import { accountRow, api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

let _sellerId = 0;
let _companyId = 0;
let _centro = 0;

beforeAll(async () => {
  const user = await accountRow(DEMO.seller);
  _sellerId = user?.id ?? 0;
  _companyId = user?.companyId ?? 0;
  _centro = user?.locationId ?? 0;
});

describe("discounts", () => {
  it("requests a discount and lists it as pending", async () => {
    const token = await login(DEMO.seller);
    const discounts = client(token).discounts;
    const body = await ok(discounts.request.$post({ json: { amount: 20000, reason: "Par con detalle" } }), 201);
    expect(body.status).toBe("pending");
    const mine = await ok(discounts["my-requests"].$get());
    expect(mine.requests.find((r) => r.id === body.discount_id)).toMatchObject({ status: "pending", amount: 20000 });
  });

  it("needs amount and reason (spec text)", async () => {
    const token = await login(DEMO.seller);
    for (const json of [{ amount: 1000 }, { reason: "x" }, { amount: 0, reason: "x" }, { amount: 1000, reason: " " }]) {
      await expectError(
        await api("/api/v1/discounts/request", { method: "POST", token, json }),
        422,
        /Por favor ingrese el monto y la razón del descuento|requerido/,
      );
    }
  });

  it("shows a seller only their own requests; other roles are refused", async () => {
    const other = await ok(client(await login(DEMO.otherSeller)).discounts["my-requests"].$get());
    expect(other.requests).toHaveLength(0);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      api("/api/v1/discounts/request", { method: "POST", token, json: { amount: 1, reason: "x" } }),
    );
  });
});
