// The race cases of the catalogue routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import type { Entry } from "../support/race-cases";

export const RACE_ROUTES: Record<string, Entry> = {
  "PATCH /api/v1/products/:id": {
    exempt:
      "sets the fields it is given, guarded by the prices read: ten identical edits record one price change (a price equal to the current one records nothing); concurrent different edits: tests/api/catalogue/products.test.ts",
  },
  "PUT /api/v1/products/:id/photo": {
    exempt: "sets the photo it is given: ten identical uploads leave one of them as the product's photo",
  },
  "POST /api/v1/products/labels": {
    exempt:
      "hands out each missing code once, guarded by the sequence read: ten sheets at once for the same sizes print the same codes and move the sequence once; two products at once never share a code: tests/api/catalogue/products.test.ts",
  },
  "PUT /api/v1/products/:id/variants": {
    exempt:
      "sets each size's codes to the values given (upsert); two products racing for one barcode: tests/api/catalogue/products.test.ts; for one code in two letter cases: tests/api/catalogue/races.test.ts",
  },
  "POST /api/v1/admin/admin/catalogue/import/dry-run": {
    exempt: "reads the catalogue and plans the file; writes nothing",
  },
  "POST /api/v1/admin/admin/catalogue/import/apply": {
    exempt:
      "writes what the file says, guarded by what it read, planning again when a guard fails: ten applies of one file at once (with one Idempotency-Key: one effect, the same answer; without: every answer 200 and each product created once) in tests/api/catalogue/catalogue-import.test.ts, where the generated 'each success creates one' does not hold by design (a second apply of the same file succeeds and changes nothing)",
  },
  "POST /api/v1/admin/create-test-data": {
    exempt: "adds sample rows to a showcase company on purpose each time it is called",
  },
};
