import { assert, describe, expect, it } from "vitest";
import { brokenInvariants } from "../../worker/domain/shared/invariants";
import { byId, client, DEMO, db, login, ok } from "./support/helpers";

// docs/onboarding.md "Onboarding a company, from nothing to its first sale", walked through the API as the
// superuser, the new company's boss, its administrador and its seller would, with nothing seeded for it.

function webm(): File {
  const data = new Uint8Array(4096);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

describe("onboarding a company", () => {
  it("goes from nothing to its first sale", async () => {
    const su = client(await login(DEMO.superuser)).superadmin;
    // 1. the company
    const created = await ok(
      su.companies.$post({
        json: {
          name: "Calzado Nuevo",
          subdomain: "calzadonuevo",
          email: "gerencia@calzadonuevo.co",
          subscription_plan: "professional",
        },
      }),
      201,
    );
    const companyId = created.company.id;
    // 2. its boss and its administrador
    const company = byId(companyId);
    await ok(
      su.companies[":id"].boss.$post({
        param: company,
        json: { email: "duena@calzadonuevo.co", password: "Duena#2026", first_name: "Lucía", last_name: "Mora" },
      }),
      201,
    );
    await ok(
      su.companies[":id"].administradores.$post({
        param: company,
        json: { email: "admin@calzadonuevo.co", password: "admin1", first_name: "Pedro", last_name: "Ruiz" },
      }),
      201,
    );
    // 3. the boss creates the locations; the administrador the staff
    const boss = client(await login("duena@calzadonuevo.co", "Duena#2026")).boss.boss;
    const newLocation = async (json: { name: string; type: "local" | "bodega" }) => {
      const { location } = await ok(boss.locations.$post({ json }), 201);
      assert(location, `the location ${json.name}`);
      return location.id;
    };
    const store = await newLocation({ name: "Tienda Norte", type: "local" });
    const warehouse = await newLocation({ name: "Bodega Norte", type: "bodega" });
    const admin = client(await login("admin@calzadonuevo.co", "admin1")).admin.admin;
    await ok(
      admin.users.$post({
        json: {
          email: "vende@calzadonuevo.co",
          password: "vende1",
          first_name: "Sara",
          last_name: "Gil",
          role: "vendedor",
          location_id: store,
        },
      }),
      201,
    );
    // 4. the first product, with stock at the store and the warehouse
    const entry = await ok(
      admin.inventory["video-entry-distributed"].$post({
        form: {
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
        },
      }),
      201,
    );
    const reference = entry.reference_code;
    // 5. the seller sells a pair at the store
    const seller = client(await login("vende@calzadonuevo.co", "vende1")).sales;
    const sale = await ok(
      seller.create.$post({
        json: {
          items: [{ sneaker_reference_code: reference, size: "40", quantity: 1, unit_price: 320000 }],
          payment_methods: [{ payment_type: "efectivo", amount: 320000 }],
          total_amount: 320000,
        },
      }),
      201,
    );
    expect(sale.sale_id).toBeTruthy();
    const today = await ok(seller.today.$get());
    expect(today).toMatchObject({ total_sales: 1, total_amount: 320000 });
    // 6. and the operator invoices the period
    const invoice = await ok(su.invoices.generate[":id"].$post({ param: company }), 201);
    expect(invoice).toMatchObject({ company_id: companyId, locations_count: 2 });
    expect(await brokenInvariants(db())).toEqual({});
  });
});
