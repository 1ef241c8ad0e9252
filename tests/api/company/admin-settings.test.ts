import { describe, expect, it } from "vitest";
import { api, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

// The company's receipt data (worker/routes/company/admin-settings.ts): the administrador reads and sets it.

const settings = async (email: string = DEMO.administrador) => client(await login(email)).admin.admin.settings;

describe("/api/v1/admin/admin/settings", () => {
  it("reads and sets the legal name, NIT, phone and return policy; null clears one, the rest stay", async () => {
    const before = await ok((await settings()).$get());
    expect(before.settings.name).toBe("Calzado Horma Demo");
    const saved = await ok(
      (await settings()).$put({
        json: { legal_name: "Calzado Horma S.A.S.", tax_id: "900.123.456-8", return_policy: "Cambios en 30 días" },
      }),
    );
    expect(saved.settings).toMatchObject({
      legal_name: "Calzado Horma S.A.S.",
      tax_id: "900.123.456-8",
      return_policy: "Cambios en 30 días",
    });
    const cleared = await ok((await settings()).$put({ json: { return_policy: null } }));
    expect(cleared.settings).toMatchObject({ legal_name: "Calzado Horma S.A.S.", return_policy: null });
    // the other company's data is its own
    const other = await ok((await settings(DEMO.otherAdmin)).$get());
    expect(other.settings.legal_name).not.toBe("Calzado Horma S.A.S.");
  });

  it("answers 422 for an empty change, a NIT that is not one or a policy too long", async () => {
    const put = async (json: unknown) =>
      api("/api/v1/admin/admin/settings", { method: "PUT", token: await login(DEMO.administrador), json });
    await expectError(await put({}), 422, "Indica al menos un campo");
    await expectError(await put({ tax_id: "NIT-ABC" }), 422, /solo puede tener dígitos/);
    // the DIAN check digit is checked as for a customer's NIT (900123456's is 8): a wrong one is refused
    await expectError(
      await put({ tax_id: "900.123.456-7" }),
      422,
      "El dígito de verificación del NIT no es válido (debería ser 8)",
    );
    await expectError(await put({ tax_id: "900123456" }), 422, /dígito de verificación/);
    // written without dots, it is stored as printed on the receipts
    const saved = await ok((await settings()).$put({ json: { tax_id: "830038791-3" } }));
    expect(saved.settings.tax_id).toBe("830.038.791-3");
    await expectError(await put({ return_policy: "x".repeat(1001) }), 422, /demasiado largo/);
  });

  it("is the administrador's: boss, seller, keeper and courier are refused", async () => {
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (token) =>
      client(token).admin.admin.settings.$put({ json: { return_policy: "x" } }),
    );
  });
});
