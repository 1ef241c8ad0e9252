// Company B's users aimed at company A's objects through the till routes (this folder's tenant-routes.ts):
// every case runs as each company-B role the route allows; what it checks: tests/api/support/tenant-check.ts.
import { afterAll, beforeAll, describe, expect } from "vitest";
import { P, post } from "../support/tenant-cases";
import { companyAStillWorks, describeTenantCases, setUpTenants } from "../support/tenant-check";
import { send, tokenOf } from "../support/tenant-setup";
import { TENANT_ROUTES } from "./tenant-routes";

beforeAll(setUpTenants, 120_000);
// Company B's store till, open with the cash its own expenses take out (the drawer must hold an expense).
// When every context's cases ran in one suite, company B's cash sales (the sales cases) had filled it.
beforeAll(async () => {
  const res = await send(await tokenOf("seller"), post(`${P}/cash-sessions/open`, { opening_float: 50_000 }), null);
  expect(res.status, await res.text()).toBe(201);
});
// and after every attempt of company B here, company A's own objects still work
afterAll(companyAStillWorks);

describe("tenant isolation over the real route table", () => {
  describeTenantCases(TENANT_ROUTES);
});
