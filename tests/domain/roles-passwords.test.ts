import { describe, expect, it } from "vitest";
import { HOME_ROUTE, normalizeRole } from "../../worker/auth/roles";
import { isStrongPassword } from "../../worker/domain/accounts/passwords";

describe("role normalisation (spec 1 §4)", () => {
  it.each([
    ["superuser", "superuser"],
    ["superadmin", "superuser"],
    ["SuperAdmin", "superuser"],
    ["administrador", "administrador"],
    ["admin", "administrador"],
    ["boss", "boss"],
    ["bodeguero", "bodeguero"],
    ["seller", "seller"],
    ["vendedor", "seller"],
    ["corredor", "corredor"],
    ["gerente", "seller"],
    ["", "seller"],
    [null, "seller"],
  ])("%s → %s", (raw, role) => {
    expect(normalizeRole(raw)).toBe(role);
  });

  it("sends every role to the route table's landing", () => {
    expect(HOME_ROUTE).toEqual({
      superuser: "/superuser",
      administrador: "/administrador",
      boss: "/boss",
      bodeguero: "/warehouse",
      seller: "/seller",
      corredor: "/runner",
    });
  });
});

describe("strong password rule (boss, superadmin)", () => {
  it.each(["Horma#2026", "Abcdef1!", "ÑANDU_99x"])("accepts %s", (p) => expect(isStrongPassword(p)).toBe(true));
  it.each(["horma#2026", "Horma2026", "Horma#abc", "Ho#1", "        "])("refuses %s", (p) =>
    expect(isStrongPassword(p)).toBe(false),
  );
});
