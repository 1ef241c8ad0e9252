// Tenant isolation across the contexts: company A's objects as the cases of every context use them, company
// B's lists that stay put while company A works, and company A's objects after company B's attempts. Each
// context's own cases: tests/api/<context>/tenant-isolation.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { TENANT_ROUTES as accountsTenants } from "./accounts/tenant-routes";
import { TENANT_ROUTES as catalogueTenants } from "./catalogue/tenant-routes";
import { TENANT_ROUTES as companyTenants } from "./company/tenant-routes";
import { TENANT_ROUTES as logisticsTenants } from "./logistics/tenant-routes";
import { TENANT_ROUTES as platformTenants } from "./platform/tenant-routes";
import { TENANT_ROUTES as reportsTenants } from "./reports/tenant-routes";
import { TENANT_ROUTES as salesTenants } from "./sales/tenant-routes";
import { TENANT_ROUTES as scanTenants } from "./scan/tenant-routes";
import { TENANT_ROUTES as stockTenants } from "./stock/tenant-routes";
import { TENANT_ROUTES as storefrontTenants } from "./storefront/tenant-routes";
import { A, A_IDS, A_MARKERS, actorsFor, B, casesOf, type Entry } from "./support/tenant-cases";
import { companyAMoves, companyAStillWorks, setUpTenants, stable } from "./support/tenant-check";
import { send, tokenOf } from "./support/tenant-setup";
import { TENANT_ROUTES as tillTenants } from "./till/tenant-routes";
import { TENANT_ROUTES as wholesaleTenants } from "./wholesale/tenant-routes";

/** Every context's tenant-isolation table: a route is in one of them. */
const ROUTES: Record<string, Entry> = {
  ...accountsTenants,
  ...platformTenants,
  ...companyTenants,
  ...catalogueTenants,
  ...scanTenants,
  ...stockTenants,
  ...salesTenants,
  ...tillTenants,
  ...logisticsTenants,
  ...storefrontTenants,
  ...wholesaleTenants,
  ...reportsTenants,
};
const CASES = casesOf(ROUTES);

beforeAll(setUpTenants, 120_000);

describe("tenant isolation over the real route table", () => {
  it("set up real objects of company A with the ids the cases use", () => {
    const ids = [
      A.centro,
      A.principal,
      A.secretLocation,
      A.secretUser,
      A.product,
      A.sale,
      A.expense,
      A.discount,
      A.cost,
      A.costPayment,
      A.alert,
      A.wholesale,
      A.notification,
      A.contactMessage,
      A.webReservation,
      ...Object.values(A.transfers),
      ...Object.values(A.returns),
    ];
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    for (const key of Object.values(A.files)) expect(key.startsWith(`company/${A.id}/`)).toBe(true);
    expect(A_IDS.transfer_requests.has(A.returns.delivered)).toBe(true);
    expect(A_MARKERS.length).toBeGreaterThan(30);
  });

  it("company B's lists, dashboards and reports do not move when company A's data does", {
    timeout: 120_000,
  }, async () => {
    const views = CASES.filter(
      ({ case: c }) => c.kind === "scoped" && (c.req("administrador").method ?? "GET") === "GET",
    );
    expect(views.length).toBeGreaterThan(40);
    const read = async () => {
      const out = new Map<string, string>();
      for (const { route, label, case: c } of views) {
        for (const actor of actorsFor(route)) {
          const res = await send(await tokenOf(actor), c.req(actor), actor === "superuser" ? B.id : null);
          out.set(`${actor} ${label}`, `${res.status} ${stable(await res.text())}`);
        }
      }
      return out;
    };
    const before = await read();
    await companyAMoves();
    const after = await read();
    const moved = [...before.keys()].filter((key) => before.get(key) !== after.get(key));
    expect(
      moved.map(
        (key) => `${key}\n  antes:   ${before.get(key)?.slice(0, 400)}\n  después: ${after.get(key)?.slice(0, 400)}`,
      ),
    ).toEqual([]);
  });

  it("company A's own objects still work after every attempt of company B", companyAStillWorks);
});
