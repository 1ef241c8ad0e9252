import { beforeAll, describe, expect, it } from "vitest";
import { accountRow, api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

let _sellerId = 0;
let _companyId = 0;
let _centro = 0;

beforeAll(async () => {
  const user = await accountRow(DEMO.seller);
  _sellerId = user?.id ?? 0;
  _companyId = user?.companyId ?? 0;
  _centro = user?.locationId ?? 0;
});

describe("GET /api/v1/vendor/dashboard", () => {
  it("answers every figure from real rows", async () => {
    const body = await ok(client(await login(DEMO.seller)).vendor.dashboard.$get());
    expect(body.vendor_info).toMatchObject({
      name: "Valentina Rojas",
      email: DEMO.seller,
      location_name: "Local Centro",
      role: "seller",
    });
    // Demo seed: two sales today for this seller (one confirmed, one awaiting confirmation), two expenses,
    // transfers pending/accepted/courier_assigned/in_transit/delivered/pending-single-foot, one discount pending.
    expect(body.today_summary.sales.total_count).toBe(2);
    expect(body.today_summary.sales.pending_confirmations).toBe(1);
    expect(body.pending_actions.sale_confirmations).toBe(1);
    expect(body.today_summary.expenses).toEqual({ count: 2, total_amount: 30500 });
    expect(body.pending_actions.transfer_requests.pending).toBe(7);
    expect(body.pending_actions.transfer_requests.urgent).toBe(1);
    expect(body.pending_actions.discount_requests).toEqual({ pending: 1, approved: 1, rejected: 0 });
    // money in whole pesos (the average of the day's sales too)
    expect(fractionalMoney(body)).toEqual([]);
  });

  it("is refused to boss, bodeguero and corredor, and to no token", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/vendor/dashboard", { token }));
    await expectError(await api("/api/v1/vendor/dashboard"), 401);
  });
});
