import { describe, expect, it } from "vitest";
import { KEEPER_WITHOUT_WAREHOUSE, SELLER_WITHOUT_STORE } from "../../shared/messages";
import { assertScope, scopeLocation } from "../../worker/auth/scope";
import { ROLES } from "../../worker/db/schema";
import { forKeeper } from "../../worker/domain/logistics/keeper-queue";
import { thrownRefusal } from "../../worker/lib/http";

// Issue 32 §1: a bodeguero works in one warehouse and a seller in one store; without it they are
// refused, never widened to the company (the middleware runs assertScope, the domain scopeLocation).

function refusal(run: () => unknown): { status: number; detail: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    const answer = thrownRefusal(err);
    if (answer) return { status: answer.status, detail: answer.detail };
    throw err;
  }
}

describe("assertScope", () => {
  it("lets a keeper at an active warehouse and a seller at an active store through", () => {
    expect(
      refusal(() => assertScope({ role: "bodeguero", locationId: 4, locationType: "bodega", locationActive: true })),
    ).toBeNull();
    expect(
      refusal(() => assertScope({ role: "seller", locationId: 1, locationType: "local", locationActive: true })),
    ).toBeNull();
  });

  it.each([
    ["no location", null, null, null],
    ["a location of the other kind", 1, "local", true],
    ["an inactive warehouse", 4, "bodega", false],
  ] as const)("refuses a bodeguero with %s (403)", (_label, locationId, locationType, locationActive) => {
    expect(refusal(() => assertScope({ role: "bodeguero", locationId, locationType, locationActive }))).toEqual({
      status: 403,
      detail: KEEPER_WITHOUT_WAREHOUSE,
    });
  });

  it.each([
    ["no location", null, null, null],
    ["a warehouse", 4, "bodega", true],
    ["an inactive store", 1, "local", false],
  ] as const)("refuses a seller with %s (403)", (_label, locationId, locationType, locationActive) => {
    expect(refusal(() => assertScope({ role: "seller", locationId, locationType, locationActive }))).toEqual({
      status: 403,
      detail: SELLER_WITHOUT_STORE,
    });
  });

  it("asks nothing of the roles that work company-wide or move between locations", () => {
    for (const role of ROLES.filter((r) => r !== "bodeguero" && r !== "seller")) {
      expect(
        refusal(() => assertScope({ role, locationId: null, locationType: null, locationActive: null })),
      ).toBeNull();
    }
  });
});

describe("scopeLocation and the keeper's queue", () => {
  it("answers the own location of a keeper or a seller, null for the others", () => {
    expect(scopeLocation({ role: "bodeguero", locationId: 4 })).toBe(4);
    expect(scopeLocation({ role: "seller", locationId: 1 })).toBe(1);
    expect(scopeLocation({ role: "administrador", locationId: 1 })).toBeNull();
    expect(scopeLocation({ role: "corredor", locationId: null })).toBeNull();
  });

  it("refuses a keeper or a seller without a location instead of filtering by the company only", () => {
    expect(refusal(() => scopeLocation({ role: "bodeguero", locationId: null }))?.status).toBe(403);
    expect(refusal(() => forKeeper({ id: 1, role: "bodeguero", companyId: 1, locationId: null }))).toEqual({
      status: 403,
      detail: KEEPER_WITHOUT_WAREHOUSE,
    });
    expect(refusal(() => forKeeper({ id: 1, role: "seller", companyId: 1, locationId: null }))).toEqual({
      status: 403,
      detail: SELLER_WITHOUT_STORE,
    });
    expect(refusal(() => forKeeper({ id: 1, role: "administrador", companyId: 1, locationId: null }))).toBeNull();
  });
});
