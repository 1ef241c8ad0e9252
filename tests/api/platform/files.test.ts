import { beforeAll, describe, it } from "vitest";
import { accountRow, api, DEMO, expectError, login } from "../support/helpers";

let _sellerId = 0;
let companyId = 0;
let _centro = 0;

beforeAll(async () => {
  const user = await accountRow(DEMO.seller);
  _sellerId = user?.id ?? 0;
  companyId = user?.companyId ?? 0;
  _centro = user?.locationId ?? 0;
});

describe("files", () => {
  it("never serves keys outside the caller's company folder", async () => {
    const token = await login(DEMO.seller);
    await expectError(await api("/api/v1/files/company/2/receipts/sales/x.jpg", { token }), 404);
    await expectError(await api(`/api/v1/files/company/${companyId}/../2/x.jpg`, { token }), 404);
    await expectError(await api(`/api/v1/files/company/${companyId}/nope.jpg`, { token }), 404);
  });
});
