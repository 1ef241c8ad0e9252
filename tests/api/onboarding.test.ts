import { describe, expect, it } from "vitest";
import { brokenInvariants } from "../../worker/domain/invariants";
import { api, DEMO, db, form, login } from "./helpers";

// README "Onboarding a company, from nothing to its first sale", walked through the API as the
// superuser, the new company's boss, its administrador and its seller would, with nothing seeded for it.

const P = "/api/v1";

async function ok(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

const post = async (path: string, token: string, json: unknown) =>
  ok(await api(`${P}${path}`, { method: "POST", token, json }));

function webm(): File {
  const data = new Uint8Array(4096);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

describe("onboarding a company", () => {
  it("goes from nothing to its first sale", async () => {
    const su = await login(DEMO.superuser);
    // 1. the company
    const created = await post("/superadmin/companies", su, {
      name: "Calzado Nuevo",
      subdomain: "calzadonuevo",
      email: "gerencia@calzadonuevo.co",
      subscription_plan: "professional",
    });
    const companyId = (created.company as { id: number }).id;
    // 2. its boss and its administrador
    await post(`/superadmin/companies/${companyId}/boss`, su, {
      email: "duena@calzadonuevo.co",
      password: "Duena#2026",
      first_name: "Lucía",
      last_name: "Mora",
    });
    await post(`/superadmin/companies/${companyId}/administradores`, su, {
      email: "admin@calzadonuevo.co",
      password: "admin1",
      first_name: "Pedro",
      last_name: "Ruiz",
    });
    // 3. the boss creates the locations; the administrador the staff
    const boss = await login("duena@calzadonuevo.co", "Duena#2026");
    const store = (
      (await post("/boss/boss/locations", boss, { name: "Tienda Norte", type: "local" })).location as {
        id: number;
      }
    ).id;
    const warehouse = (
      (await post("/boss/boss/locations", boss, { name: "Bodega Norte", type: "bodega" })).location as { id: number }
    ).id;
    const admin = await login("admin@calzadonuevo.co", "admin1");
    await post("/admin/admin/users", admin, {
      email: "vende@calzadonuevo.co",
      password: "vende1",
      first_name: "Sara",
      last_name: "Gil",
      role: "vendedor",
      location_id: store,
    });
    // 4. the first product, with stock at the store and the warehouse
    const entry = await ok(
      await api(`${P}/admin/admin/inventory/video-entry-distributed`, {
        method: "POST",
        token: admin,
        body: form({
          product_brand: "Puma",
          product_model: "Suede",
          unit_price: "320000",
          sizes_distribution_json: JSON.stringify([
            {
              size: "40",
              pairs: [
                { location_id: store, quantity: 2 },
                { location_id: warehouse, quantity: 5 },
              ],
            },
          ]),
          video_file: webm(),
        }),
      }),
    );
    const reference = String(entry.reference_code);
    // 5. the seller sells a pair at the store
    const seller = await login("vende@calzadonuevo.co", "vende1");
    const sale = await post("/sales/create", seller, {
      items: [{ sneaker_reference_code: reference, size: "40", quantity: 1, unit_price: 320000 }],
      payment_methods: [{ payment_type: "efectivo", amount: 320000 }],
      total_amount: 320000,
    });
    expect(sale.sale_id).toBeTruthy();
    const today = await ok(await api(`${P}/sales/today`, { token: seller }));
    expect(today).toMatchObject({ total_sales: 1, total_amount: 320000 });
    // 6. and the operator invoices the period
    const invoice = await post(`/superadmin/invoices/generate/${companyId}`, su, {});
    expect(invoice).toMatchObject({ company_id: companyId, locations_count: 2 });
    expect(await brokenInvariants(db())).toEqual({});
  });
});
