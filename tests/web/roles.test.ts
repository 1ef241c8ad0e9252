import { describe, expect, it } from "vitest";
import { afterSignIn, loginFor, parseLoginSearch, returnPath } from "../../web/src/lib/guards";
import {
  AREA_ROUTES,
  type AreaRoute,
  canEnter,
  HOME_ROUTE,
  homeFor,
  normalizeRole,
  ROLES,
  type Role,
} from "../../web/src/lib/roles";

describe("normalizeRole (same rules as the Worker)", () => {
  it.each([
    ["superuser", "superuser"],
    ["superadmin", "superuser"],
    ["administrador", "administrador"],
    ["admin", "administrador"],
    ["boss", "boss"],
    ["bodeguero", "bodeguero"],
    ["corredor", "corredor"],
    ["seller", "seller"],
    ["vendedor", "seller"],
    ["  SuperAdmin ", "superuser"],
    ["ADMIN", "administrador"],
    ["gerente", "seller"],
    ["", "seller"],
  ])("%j → %s", (raw, expected) => {
    expect(normalizeRole(raw)).toBe(expected);
  });

  it("treats null and undefined as unknown", () => {
    expect(normalizeRole(null)).toBe("seller");
    expect(normalizeRole(undefined)).toBe("seller");
  });
});

describe("homeFor (design §5: the route table)", () => {
  it.each([
    ["superuser", "/superuser"],
    ["administrador", "/administrador"],
    ["boss", "/boss"],
    ["bodeguero", "/warehouse"],
    ["seller", "/seller"],
    ["corredor", "/runner"],
  ] as const)("%s lands on %s", (role, route) => {
    expect(homeFor(role)).toBe(route);
  });

  it("sends any other role to /home", () => {
    expect(homeFor("invitado")).toBe("/home");
    expect(homeFor("toString")).toBe("/home");
    expect(homeFor("")).toBe("/home");
  });

  it("every role's home is a route that role may enter", () => {
    for (const role of ROLES) expect(canEnter(HOME_ROUTE[role], role)).toBe(true);
  });

  it("the legacy 'admin' reading ends on /administrador after normalisation", () => {
    expect(homeFor(normalizeRole("admin"))).toBe("/administrador");
    expect(homeFor(normalizeRole("vendedor"))).toBe("/seller");
  });
});

describe("canEnter (spec 1 §6 guard table, admin = administrador)", () => {
  // Written out from the spec table, independently of ROUTE_ROLES.
  const allowed: Record<AreaRoute, Role[]> = {
    "/superuser": ["superuser"],
    "/administrador": ["administrador", "superuser"],
    "/boss": ["boss", "superuser"],
    "/warehouse": ["bodeguero", "administrador", "superuser"],
    "/seller": ["seller", "administrador", "superuser"],
    "/runner": ["corredor", "administrador", "superuser"],
    "/home": ["superuser", "administrador", "boss", "bodeguero", "seller", "corredor"],
  };

  const cases = AREA_ROUTES.flatMap((route) =>
    ROLES.map((role) => [route, role, allowed[route].includes(role)] as const),
  );

  it("covers all 7 routes × 6 roles", () => {
    expect(cases).toHaveLength(42);
  });

  it.each(cases)("%s with role %s → %s", (route, role, expected) => {
    expect(canEnter(route, role)).toBe(expected);
  });
});

describe("the way back after signing in (/login?redirect=…)", () => {
  it("keeps a path of this app, never another site, a protocol-relative link or /login itself", () => {
    expect(returnPath("/seller?view=till")).toBe("/seller?view=till");
    expect(returnPath("/boss?section=staff#top")).toBe("/boss?section=staff#top");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/login",
      "/login?redirect=%2Fboss",
      "",
      42,
      null,
    ])
      expect(returnPath(bad)).toBeUndefined();
    expect(returnPath(`/${"a".repeat(3000)}`)).toBeUndefined();
  });

  it("reads ?redirect and ?expired, dropping what is not a way back", () => {
    expect(parseLoginSearch({ redirect: "/runner?tab=history", expired: "1" })).toEqual({
      redirect: "/runner?tab=history",
      expired: true,
    });
    expect(parseLoginSearch({ redirect: "https://evil.example", expired: "no" })).toEqual({});
  });

  it("goes back to the screen when the role may enter it, else home", () => {
    expect(afterSignIn("seller", "/seller?view=till")).toBe("/seller?view=till");
    expect(afterSignIn("seller", "/boss?section=staff")).toBe("/seller");
    expect(afterSignIn("administrador", "/seller?view=till")).toBe("/seller?view=till");
    expect(afterSignIn("boss", "/superuser")).toBe("/boss");
    expect(afterSignIn("corredor", undefined)).toBe("/runner");
    expect(afterSignIn("bodeguero", "/etiquetas?items=x")).toBe("/etiquetas?items=x");
    expect(loginFor("/warehouse?tab=counts", true)).toEqual({
      to: "/login",
      search: { redirect: "/warehouse?tab=counts", expired: true },
    });
    expect(loginFor("/login")).toEqual({ to: "/login", search: {} });
  });
});
