// The route tables of the race and tenant-isolation suites, held against the app's real route table. Each
// context keeps its tables beside its suites (tests/api/<context>/race-routes.ts and tenant-routes.ts): a
// route added without an entry in its context's table fails here, and so does an entry for a route the app
// no longer has, or a route two contexts both list.
import { beforeAll, describe, expect, it } from "vitest";
import { RACE_ROUTES as accounts } from "./accounts/race-routes";
import { TENANT_ROUTES as accountsTenants } from "./accounts/tenant-routes";
import { RACE_ROUTES as catalogue } from "./catalogue/race-routes";
import { TENANT_ROUTES as catalogueTenants } from "./catalogue/tenant-routes";
import { RACE_ROUTES as company } from "./company/race-routes";
import { TENANT_ROUTES as companyTenants } from "./company/tenant-routes";
import { RACE_ROUTES as fiscal } from "./fiscal/race-routes";
import { TENANT_ROUTES as fiscalTenants } from "./fiscal/tenant-routes";
import { RACE_ROUTES as logistics } from "./logistics/race-routes";
import { TENANT_ROUTES as logisticsTenants } from "./logistics/tenant-routes";
import { RACE_ROUTES as platform } from "./platform/race-routes";
import { TENANT_ROUTES as platformTenants } from "./platform/tenant-routes";
import { RACE_ROUTES as purchasing } from "./purchasing/race-routes";
import { TENANT_ROUTES as purchasingTenants } from "./purchasing/tenant-routes";
import { RACE_ROUTES as reports } from "./reports/race-routes";
import { TENANT_ROUTES as reportsTenants } from "./reports/tenant-routes";
import { RACE_ROUTES as sales } from "./sales/race-routes";
import { TENANT_ROUTES as salesTenants } from "./sales/tenant-routes";
import { RACE_ROUTES as scan } from "./scan/race-routes";
import { TENANT_ROUTES as scanTenants } from "./scan/tenant-routes";
import { RACE_ROUTES as stock } from "./stock/race-routes";
import { TENANT_ROUTES as stockTenants } from "./stock/tenant-routes";
import { RACE_ROUTES as storefront } from "./storefront/race-routes";
import { TENANT_ROUTES as storefrontTenants } from "./storefront/tenant-routes";
import { invariantsHold, type Entry as RaceEntry, STATE_CHANGING } from "./support/race-cases";
import { raceData } from "./support/race-fixtures";
import { actorsFor, casesOf, ROUTE_TABLE, type Entry as TenantEntry } from "./support/tenant-cases";
import { RACE_ROUTES as till } from "./till/race-routes";
import { TENANT_ROUTES as tillTenants } from "./till/tenant-routes";
import { RACE_ROUTES as wholesale } from "./wholesale/race-routes";
import { TENANT_ROUTES as wholesaleTenants } from "./wholesale/tenant-routes";

/** The contexts' tables as one, and the routes more than one of them lists. */
function merged<E>(tables: Record<string, E>[]) {
  const all: Record<string, E> = {};
  const twice: string[] = [];
  for (const table of tables) {
    for (const [route, entry] of Object.entries(table)) {
      if (route in all) twice.push(route);
      all[route] = entry;
    }
  }
  return { all, twice };
}

const RACES = merged<RaceEntry>([
  accounts,
  platform,
  company,
  catalogue,
  scan,
  stock,
  sales,
  till,
  logistics,
  storefront,
  wholesale,
  reports,
  fiscal,
  purchasing,
]);
const TENANTS = merged<TenantEntry>([
  accountsTenants,
  platformTenants,
  companyTenants,
  catalogueTenants,
  scanTenants,
  stockTenants,
  salesTenants,
  tillTenants,
  logisticsTenants,
  storefrontTenants,
  wholesaleTenants,
  reportsTenants,
  fiscalTenants,
  purchasingTenants,
]);

beforeAll(raceData);

describe("the race suite covers the real route table", () => {
  it("lists every state-changing route with its race cases or an exemption", () => {
    const missing = STATE_CHANGING.filter((route) => !(route in RACES.all));
    const stale = Object.keys(RACES.all).filter((route) => !STATE_CHANGING.includes(route));
    expect(missing, "state-changing routes without race cases or an exemption").toEqual([]);
    expect(stale, "entries for routes the app no longer has").toEqual([]);
    expect(RACES.twice, "routes listed by two contexts' tables").toEqual([]);
  });
  it("holds its invariants on the demo data", invariantsHold);
});

describe("tenant isolation over the real route table", () => {
  it("classifies every route: covered by cases or exempt with a reason", () => {
    const ROUTES = TENANTS.all;
    const table = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    const unclassified = table.filter((key) => !(key in ROUTES));
    expect(unclassified, "routes without a tenant-isolation case or an exemption").toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !table.includes(key));
    expect(stale, "entries for routes the app no longer has").toEqual([]);
    expect(TENANTS.twice, "routes listed by two contexts' tables").toEqual([]);
    for (const [key, entry] of Object.entries(ROUTES)) {
      if ("exempt" in entry) expect(entry.exempt.length, key).toBeGreaterThan(10);
      else {
        expect(entry.length, key).toBeGreaterThan(0);
        expect(actorsFor(key).length, `${key}: no company-B role may call it; exempt it instead`).toBeGreaterThan(0);
      }
    }
    expect(casesOf(ROUTES).length).toBeGreaterThan(90);
  });
});
