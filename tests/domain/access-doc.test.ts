import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCESS_DOC, policyTable, withPolicyTable } from "../../worker/auth/policy-table";

// docs/access.md shows worker/auth/policy.ts as it is: a hand-edited or stale table fails here
// (`npm run docs:access` writes it again).
describe("the access table of docs/access.md", () => {
  it("is the one the route policy generates", () => {
    const doc = readFileSync(ACCESS_DOC, "utf8");
    expect(withPolicyTable(doc)).toBe(doc);
  });

  it("has a row per route prefix of the policy, and only those", () => {
    const rows = policyTable().split("\n").slice(2);
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows).size).toBe(rows.length);
  });
});
