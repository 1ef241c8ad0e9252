import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, sales } from "../../../worker/db/schema";
import { api, byId, DEMO, dbOf, expectDenied, expectError, login, ok, platform } from "../support/helpers";

import { addLocations, BASE, changePlan, historyOf, newCompany, planOf, sa, su } from "./superadmin-helpers";

describe("companies", () => {
  it("creates a company copying the plan's limits, lists, searches and reads it", async () => {
    const company = await newCompany("zapatos-norte", { subscription_plan: "professional" });
    expect(company).toMatchObject({
      max_locations: 10,
      max_employees: 40,
      price_per_location: 100_000,
      current_locations_count: 0,
    });
    const token = await su();
    const routes = await sa();
    const list = await ok(routes.companies.$get({ query: { search: "norte" } }));
    expect(list.companies.map((c) => c.subdomain)).toEqual(["zapatos-norte"]);
    const demo = await ok(routes.companies.$get({ query: { search: "demo" } }));
    expect(demo.companies[0]).toMatchObject({ current_locations_count: 5, current_employees_count: 6 });
    expect((await api(`${BASE}/companies/${company.id}`, { token })).status).toBe(200);
    const filtered = await ok(routes.companies.$get({ query: { status: "suspended" } }));
    expect(filtered.companies).toHaveLength(0);
  });

  it.each([
    [{ subdomain: "x", email: "a@b.co" }, "El nombre de la empresa es requerido"],
    [{ name: "X", email: "a@b.co" }, "El subdominio es requerido"],
    [{ name: "X", subdomain: "Con Espacios", email: "a@b.co" }, /minúsculas/],
    [{ name: "X", subdomain: "ok", email: "nope" }, "El correo no es válido"],
    [{ name: "X", subdomain: "ok2", email: "a@b.co", max_locations: -1 }, /entero no negativo/],
    [{ name: "X", subdomain: "ok3", email: "a@b.co", price_per_location: -5 }, /no negativo/],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(await api(`${BASE}/companies`, { method: "POST", token: await su(), json }), 422, message);
  });

  it("refuses a duplicate subdomain (409), an unknown id (404) and a subdomain change (422)", async () => {
    const token = await su();
    await expectError(
      await api(`${BASE}/companies`, {
        method: "POST",
        token,
        json: { name: "X", subdomain: "demo", email: "a@b.co" },
      }),
      409,
      "El subdominio ya está en uso",
    );
    await expectError(await api(`${BASE}/companies/99999`, { token }), 404, "Empresa no encontrada");
    const company = await newCompany("cambio");
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { subdomain: "otro" } }),
      422,
      "El subdominio no se puede cambiar",
    );
    // the company's NIT: its DIAN check digit is checked (900123456's is 8), stored as printed
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { tax_id: "900123456-7" } }),
      422,
      "El dígito de verificación del NIT no es válido (debería ser 8)",
    );
    await expectError(
      await api(`${BASE}/companies/${company.id}`, { method: "PUT", token, json: { tax_id: "900-1" } }),
      422,
      /9 dígitos/,
    );
    await api(`${BASE}/companies/${company.id}`, {
      method: "PUT",
      token,
      json: { phone: "+57 300 000 0000", tax_id: "9001234568" },
    });
    const cleared = await ok((await sa()).companies[":id"].$put({ param: byId(company.id), json: { phone: "" } }));
    expect(cleared.company).toMatchObject({
      phone: null,
      tax_id: "900.123.456-8",
    });
    const renamed = await api(`${BASE}/companies/${company.id}`, {
      method: "PUT",
      token,
      json: { name: "Cambio S.A.S.", email: "Pagos@Cambio.co", legal_name: "Cambio Calzado S.A.S." },
    });
    expect(await renamed.json()).toMatchObject({
      message: "Empresa actualizada exitosamente",
      company: { name: "Cambio S.A.S.", email: "pagos@cambio.co", legal_name: "Cambio Calzado S.A.S." },
    });
  });

  // issue 32 §2: the plan, the limits and the price change only through the audited subscription change
  it("PUT refuses the plan, limits, price and billing date (422) and changes nothing; other roles get 403", async () => {
    const token = await su();
    const company = await newCompany("editar-plan");
    await addLocations(company.id, 2);
    const before = await planOf(company.id);
    const put = (json: Record<string, unknown>, t = token) =>
      api(`${BASE}/companies/${company.id}`, { method: "PUT", token: t, json });
    for (const billing of [
      { max_locations: 1 },
      { subscription_plan: "enterprise", price_per_location: 1 },
      { name: "Con plan", max_employees: 99 },
      { monthly_cost: 1 },
      { next_billing_date: "2030-01-01" },
      { plan: "enterprise" },
    ]) {
      await expectError(await put(billing), 422, "El plan, los límites y el precio se cambian en Suscripciones");
    }
    await expectError(
      await put({ subscription_status: "suspended" }),
      422,
      "El estado de la empresa se cambia con Suspender o Activar",
    );
    expect(await planOf(company.id)).toEqual(before);
    expect(await historyOf(company.id)).toEqual([]);
    // the audited path answers what the form bypassed: 2 active locations do not fit in 1
    await expectError(
      await changePlan({
        company_id: company.id,
        new_plan: "basic",
        new_max_locations: 1,
        new_max_employees: 10,
        new_price_per_location: 50_000,
      }),
      409,
      /permite 1 ubicación y la empresa tiene 2 activas/,
    );
    await expectError(await put({ name: "" }), 422, "El nombre de la empresa es requerido");
    await expectError(
      await api(`${BASE}/companies/999999`, { method: "PUT", token, json: { name: "Nadie" } }),
      404,
      "Empresa no encontrada",
    );
    await expectDenied(["boss", "administrador", "otherAdmin", "seller"], (t) => put({ name: "Tomada" }, t));
    expect((await planOf(company.id))?.name).toBe(before?.name);
  });

  it("suspends (reason required) and activates; users of a suspended company are blocked at once", async () => {
    const token = await su();
    const sellerToken = await login(DEMO.otherSeller);
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    await expectError(
      await api(`${BASE}/companies/${otra?.id}/suspend`, { method: "POST", token, json: { reason: " " } }),
      422,
      "Indica el motivo de la suspensión",
    );
    expect(
      (
        await api(`${BASE}/companies/${otra?.id}/suspend`, {
          method: "POST",
          token,
          json: { reason: "Factura vencida" },
        })
      ).status,
    ).toBe(200);
    await expectError(await api("/api/v1/auth/auth/me", { token: sellerToken }), 403, /suspendida/);
    await expectError(
      await api(`${BASE}/companies/${otra?.id}/suspend`, { method: "POST", token, json: { reason: "otra vez" } }),
      409,
    );
    const activated = await api(`${BASE}/companies/${otra?.id}/activate`, { method: "POST", token });
    expect(await activated.json()).toMatchObject({
      message: "Empresa activada exitosamente",
      company: { subscription_status: "active" },
    });
    expect((await api("/api/v1/auth/auth/me", { token: sellerToken })).status).toBe(200);
  });

  it("soft-deletes: the company leaves the lists, its users are blocked, its sales stay", async () => {
    const token = await su();
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    const otraDb = await dbOf(otra?.id ?? 0);
    const salesBefore = await otraDb
      .select()
      .from(sales)
      .where(eq(sales.companyId, otra?.id ?? 0));
    const adminToken = await login(DEMO.otherAdmin);
    expect(await (await api(`${BASE}/companies/${otra?.id}`, { method: "DELETE", token })).json()).toEqual({
      message: "Empresa eliminada exitosamente",
    });
    await expectError(await api(`${BASE}/companies/${otra?.id}`, { token }), 404);
    const list = await ok((await sa()).companies.$get({ query: {} }));
    expect(list.companies.map((c) => c.subdomain)).not.toContain("otra");
    await expectError(await api("/api/v1/auth/auth/me", { token: adminToken }), 403);
    expect(
      await otraDb
        .select()
        .from(sales)
        .where(eq(sales.companyId, otra?.id ?? 0)),
    ).toHaveLength(salesBefore.length);
  });
});

describe("GET /superadmin/regions (where a new company's data may live)", () => {
  it("lists the regions that have shards, named in Spanish, and the default one", async () => {
    const body = await ok((await sa()).regions.$get());
    expect(body.default_region).toBe("enam");
    expect(body.regions).toEqual([
      { code: "enam", name: "Américas", shards: 2 },
      { code: "weur", name: "Europa occidental", shards: 1 },
    ]);
  });

  it("is the superuser's only", async () => {
    await expectDenied(["boss", "administrador", "seller"], (token) => api(`${BASE}/regions`, { token }));
  });
});
