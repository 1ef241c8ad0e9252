// The route tables of the race and tenant-isolation suites, held against the app's real route table. Each
// context keeps its tables beside its suites (tests/api/<context>/race-routes.ts and tenant-routes.ts): a
// route added without an entry in its context's table fails here, and so does an entry for a route the app
// no longer has, or a route two contexts both list.
import { beforeAll, describe, expect, it } from "vitest";
import { RACE_ROUTES as accounts } from "./accounts/race-routes";
import { RACE_ROUTES as catalogue } from "./catalogue/race-routes";
import { RACE_ROUTES as company } from "./company/race-routes";
import { RACE_ROUTES as logistics } from "./logistics/race-routes";
import { RACE_ROUTES as platform } from "./platform/race-routes";
import { RACE_ROUTES as reports } from "./reports/race-routes";
import { RACE_ROUTES as sales } from "./sales/race-routes";
import { RACE_ROUTES as scan } from "./scan/race-routes";
import { RACE_ROUTES as stock } from "./stock/race-routes";
import { RACE_ROUTES as storefront } from "./storefront/race-routes";
import { invariantsHold, type Entry as RaceEntry, STATE_CHANGING } from "./support/race-cases";
import { raceData } from "./support/race-fixtures";
import { RACE_ROUTES as till } from "./till/race-routes";
import { RACE_ROUTES as wholesale } from "./wholesale/race-routes";

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
