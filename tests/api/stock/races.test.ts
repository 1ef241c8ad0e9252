// Races of the stock routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { burst, describeRaces, invariantsHold, oneWins, pair } from "../support/race-cases";
import {
  addStock,
  admin,
  availablePairs,
  centro,
  discrepancy,
  P,
  PRICE,
  post,
  REF,
  raceData,
  saleBody,
  seller,
} from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("found and write-off of one discrepancy: resolved once, the unit back in stock at most once", async () => {
    const id = await discrepancy();
    const token = await admin();
    const path = `${P}/admin/admin/discrepancies/${id}/resolve`;
    oneWins(
      await pair(
        () => post(path, token, { resolution: "found", reason: "Apareció en la caja" }),
        () => post(path, token, { resolution: "write_off", reason: "Perdido en la ruta" }),
      ),
    );
    await invariantsHold();
  });
});

describe("stock under a burst", () => {
  it("k + 20 concurrent sales of the last k pairs sell exactly k", async () => {
    const size = "12";
    await addStock(REF, centro, size, 3);
    const token = await seller();
    const answers = await burst(23, () =>
      post(
        `${P}/sales/create`,
        token,
        saleBody({ items: [{ sneaker_reference_code: REF, size, quantity: 1, unit_price: PRICE }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await availablePairs(REF, centro, size)).toBe(0);
    await invariantsHold();
  });
});
