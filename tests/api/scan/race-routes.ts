// The scan routes that change state, each with why it needs no race cases.
// tests/api/route-coverage.test.ts checks that the contexts' tables together name every state-changing
// route of the app, and nothing else.
import type { Entry } from "../support/race-cases";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/classify/scan": { exempt: "reads only: ranks the catalogue for a photo" },
  "POST /api/v1/classify/enroll/:productId": {
    exempt:
      "with replace, one batch deletes and inserts the product's references, so a repeat leaves one set; without it, it adds more views of the product on purpose",
  },
};
