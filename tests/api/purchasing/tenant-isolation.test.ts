// Company B's users aimed at company A's objects through the purchasing routes (this folder's
// tenant-routes.ts): every case runs as each company-B role the route allows; what it checks:
// tests/api/support/tenant-check.ts.
import { afterAll, beforeAll, describe } from "vitest";
import { companyAStillWorks, describeTenantCases, setUpTenants } from "../support/tenant-check";
import { TENANT_ROUTES } from "./tenant-routes";

beforeAll(setUpTenants, 120_000);
// and after every attempt of company B here, company A's own objects still work
afterAll(companyAStillWorks);

describe("tenant isolation over the real route table", () => {
  describeTenantCases(TENANT_ROUTES);
});
