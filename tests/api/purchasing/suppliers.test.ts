// Suppliers (worker/routes/purchasing/suppliers.ts): the administrador registers them with a NIT whose
// DIAN check digit is right, corrects and switches them off; other roles are refused.
import { describe, expect, it } from "vitest";
import { api, byId, client, DEMO, expectDenied, expectError, login, ok } from "../support/helpers";

const P = "/api/v1/admin/admin/suppliers";
const suppliers = async () => client(await login(DEMO.administrador)).admin.admin.suppliers;
let seq = 0;
/** A NIT of its own per call: nine digits and DIAN's check digit. */
function freshNit(): string {
  const digits = String(800_000_000 + (Date.now() % 100_000_000) + seq++).slice(0, 9);
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41];
  const sum = [...digits].reverse().reduce((n, d, i) => n + Number(d) * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return `${digits}-${r > 1 ? 11 - r : r}`;
}

describe("suppliers", () => {
  it("registers one with its NIT and lead time, lists it, corrects it and switches it off", async () => {
    const nit = freshNit();
    const created = await ok(
      (await suppliers()).$post({
        json: {
          name: "  Calzado del Valle S.A.S. ",
          nit,
          contact_name: "Marta Ruiz",
          email: "Compras@Valle.co",
          lead_time_days: 12,
        },
      }),
      201,
    );
    expect(created.supplier).toMatchObject({
      name: "Calzado del Valle S.A.S.",
      contact_name: "Marta Ruiz",
      email: "compras@valle.co",
      lead_time_days: 12,
      is_active: true,
    });
    // printed with its dots and check digit
    expect(created.supplier.nit.replace(/\./g, "")).toBe(nit);
    const listed = await ok((await suppliers()).$get({ query: {} }));
    expect(listed.suppliers.map((s) => s.id)).toContain(created.supplier.id);

    const changed = await ok(
      (await suppliers())[":id"].$patch({
        param: byId(created.supplier.id),
        json: { lead_time_days: 5, phone: "6025550000" },
      }),
    );
    expect(changed.supplier).toMatchObject({
      lead_time_days: 5,
      phone: "6025550000",
      name: "Calzado del Valle S.A.S.",
    });
    await ok((await suppliers())[":id"].$patch({ param: byId(created.supplier.id), json: { is_active: false } }));
    const active = await ok((await suppliers()).$get({ query: {} }));
    expect(active.suppliers.map((s) => s.id)).not.toContain(created.supplier.id);
    const all = await ok((await suppliers()).$get({ query: { include_inactive: "1" } }));
    expect(all.suppliers.find((s) => s.id === created.supplier.id)?.is_active).toBe(false);
    const one = await ok((await suppliers())[":id"].$get({ param: byId(created.supplier.id) }));
    expect(one.supplier.id).toBe(created.supplier.id);
  });

  it("refuses a NIT with a wrong check digit (422), a second supplier with the same NIT (409) and an unknown id (404)", async () => {
    const token = await login(DEMO.administrador);
    const wrong = await api(P, { method: "POST", token, json: { name: "Proveedor", nit: "900123456-1" } });
    await expectError(wrong, 422, "El dígito de verificación del NIT no es válido (debería ser 8)");
    await expectError(
      await api(P, { method: "POST", token, json: { name: "", nit: freshNit() } }),
      422,
      "El nombre del proveedor es requerido",
    );
    await expectError(
      await api(P, { method: "POST", token, json: { name: "X", nit: freshNit(), lead_time_days: 400 } }),
      422,
      "El plazo de entrega es de máximo 365 días",
    );
    await expectError(
      await api(P, { method: "POST", token, json: { name: "X", nit: freshNit(), email: "no-es-correo" } }),
      422,
      "El correo no es válido",
    );
    const nit = freshNit();
    await ok((await suppliers()).$post({ json: { name: "Primero", nit } }), 201);
    await expectError(
      await api(P, { method: "POST", token, json: { name: "Segundo", nit } }),
      409,
      "Ya hay un proveedor con ese NIT",
    );
    await expectError(await api(`${P}/999999999`, { token }), 404, "Proveedor no encontrado");
  });

  it("is the administrador's: other roles get 403", async () => {
    await expectDenied(["seller", "bodeguero", "corredor"], (token) => api(P, { token }));
    await expectDenied(["seller", "bodeguero"], (token) =>
      api(P, { method: "POST", token, json: { name: "X", nit: freshNit() } }),
    );
  });
});
