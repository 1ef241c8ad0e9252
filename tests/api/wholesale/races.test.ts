// Races of the wholesale routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { describeRaces, invariantsHold, oneWins, pair } from "../support/race-cases";
import { admin, P, post, raceData, wholesaleBoxes, wholesaleProduct } from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("two wholesale sales of the last boxes: one sale", async () => {
    const id = await wholesaleProduct(2);
    const token = await admin();
    const sell = () => post(`${P}/mayoreo/ventas/registrar`, token, { mayoreo_id: id, cantidad_cajas_vendidas: 2 });
    oneWins(await pair(sell, sell));
    expect(await wholesaleBoxes(id)).toBe(0);
    await invariantsHold();
  });
});
