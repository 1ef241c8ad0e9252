// Races of the catalogue routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../support/helpers";
import { invariantsHold, oneWins, pair } from "../support/race-cases";
import { admin, count, P, productId, raceData, unique } from "../support/race-fixtures";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describe("conflicting transitions of one object, at the same moment", () => {
  it("two products take one code at once (a SKU and a barcode differing in letter case): one gets it, the other 409", async () => {
    const token = await admin();
    const [a, b] = [await productId("NEWBALAN-02"), await productId("ASICSGEL-02")];
    for (let round = 0; round < 3; round++) {
      const code = unique("Carrera");
      const answers = await pair(
        () =>
          api(`${P}/products/${a}/variants`, { method: "PUT", token, json: { variants: [{ size: "60", sku: code }] } }),
        () =>
          api(`${P}/products/${b}/variants`, {
            method: "PUT",
            token,
            json: { variants: [{ size: "60", barcode: code.toLowerCase() }] },
          }),
      );
      oneWins(answers);
      expect(answers.find((x) => x.status === 409)?.body).toMatch(/ya es de .* \(referencia .*, talla 60\)/);
      expect(
        await count(
          sql`SELECT COUNT(*) AS n FROM product_variants WHERE lower(barcode) = lower(${code}) OR lower(sku) = lower(${code})`,
        ),
      ).toBe(1);
      await invariantsHold();
    }
  });
});
