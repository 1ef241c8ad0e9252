import { and, eq, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { customers, sales } from "../../../worker/db/schema";
import { CONSENT_REQUIRED, nitCheckDigit, PHONE_NOT_VALID } from "../../../worker/domain/sales/customers";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  form,
  login,
  ok,
  priceOf,
  setPairs,
} from "../support/helpers";

// Customers (worker/routes/sales/customers.ts): registered at the till with their consent (Ley 1581 de 2012),
// found by document or phone while selling, named on a sale, and read with their purchases by the
// administrador and the boss. Another company's customer is unknown (404).

const P = "/api/v1";
const REF = "REEBOKCL-01";
const SIZE = "41";
let companyId = 0;
let centro = 0;
let seq = 0;

/** A NIT of nine digits not used before in this file, with its DIAN check digit. */
function freshNit() {
  const number = String(900_100_000 + (Date.now() % 100_000) * 10 + ++seq).slice(0, 9);
  return { number, dv: nitCheckDigit(number) };
}
const freshCc = () => String(1_000_000_000 + ((Date.now() * 7 + ++seq * 104_729) % 999_999_999));

const body = (extra: Record<string, unknown> = {}) => ({
  name: "María José Pérez",
  document_type: "CC",
  document_number: freshCc(),
  phone: "+57 310 555 0101",
  email: "Maria.Perez@Correo.co",
  data_consent: true,
  ...extra,
});

async function register(email: string, json: Record<string, unknown> = body()) {
  return (await ok(client(await login(email)).customers.$post({ json: json as never }), 201)).customer;
}

async function customerCount() {
  const [row] = await db().select({ n: sql<number>`COUNT(*)` }).from(customers);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  const seller = await accountRow(DEMO.seller);
  companyId = seller?.companyId ?? 0;
  centro = seller?.locationId ?? 0;
});

describe("POST /api/v1/customers", () => {
  it("registers a customer with a NIT written with dots and dash, normalised, with consent time", async () => {
    const nit = freshNit();
    const dotted = `${nit.number.slice(0, 3)}.${nit.number.slice(3, 6)}.${nit.number.slice(6)}-${nit.dv}`;
    const customer = await register(
      DEMO.seller,
      body({ name: "  Calzado   Andino SAS ", document_type: "NIT", document_number: dotted, phone: "601 234 5678" }),
    );
    expect(customer).toMatchObject({
      name: "Calzado Andino SAS",
      document_type: "NIT",
      document_number: nit.number,
      nit_check_digit: nit.dv,
      document: `NIT ${nit.number}-${nit.dv}`,
      phone: "6012345678",
      email: "maria.perez@correo.co",
      data_consent: true,
    });
    expect(customer.consent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ companyId, nameKey: "calzado andino sas", dataConsent: true });
  });

  it("takes the NIT's check digit apart and a customer without phone or e-mail", async () => {
    const nit = freshNit();
    const customer = await register(
      DEMO.administrador,
      body({ document_type: "NIT", document_number: nit.number, nit_check_digit: nit.dv, phone: "", email: null }),
    );
    expect(customer).toMatchObject({ nit_check_digit: nit.dv, phone: null, email: null });
  });

  it("refuses a wrong NIT check digit, no consent, a bad e-mail or phone, and stores nothing", async () => {
    const token = await login(DEMO.seller);
    const before = await customerCount();
    const nit = freshNit();
    const wrong = (nit.dv + 1) % 10;
    const post = (json: Record<string, unknown>) => client(token).customers.$post({ json: json as never });
    await expectError(
      await post(body({ document_type: "NIT", document_number: `${nit.number}-${wrong}` })),
      422,
      `El dígito de verificación del NIT no es válido (debería ser ${nit.dv})`,
    );
    await expectError(await post(body({ data_consent: false })), 422, CONSENT_REQUIRED);
    const { data_consent: _, ...withoutConsent } = body();
    await expectError(await post(withoutConsent), 422, CONSENT_REQUIRED);
    await expectError(await post(body({ email: "no-es-correo" })), 422, "El correo no es válido");
    await expectError(await post(body({ phone: "300 123" })), 422, PHONE_NOT_VALID);
    await expectError(await post(body({ document_number: "12" })), 422, /de 5 a 10 dígitos/);
    await expectError(await post(body({ document_type: "RUT" })), 422, /CC, NIT, CE o PASAPORTE/);
    await expectError(await post(body({ name: " " })), 422, "Escribe el nombre del cliente");
    expect(await customerCount()).toBe(before);
  });

  it("answers 409 naming the customer who already has the document", async () => {
    const first = await register(
      DEMO.seller,
      body({ name: "Juan Gómez", document_type: "CE", document_number: "ce-88 1234" }),
    );
    const res = await client(await login(DEMO.administrador)).customers.$post({
      json: body({ name: "Otro", document_type: "CE", document_number: "CE881234" }) as never,
    });
    await expectError(res, 409, new RegExp(`Juan Gómez \\(CE CE881234, cliente #${first.id}\\)`));
  });

  it("keeps documents unique per company: another company registers the same document", async () => {
    const json = body({ document_type: "PASAPORTE", document_number: `PA${freshCc()}` });
    const mine = await register(DEMO.seller, json);
    const theirs = await register(DEMO.otherSeller, json);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.document).toBe(mine.document);
  });

  it("two registrations of one document at once: one 201, one 409; with one key, the same answer twice", async () => {
    const token = await login(DEMO.seller);
    const json = body();
    const send = (headers: Record<string, string> = {}) =>
      api(`${P}/customers`, { method: "POST", token, json, headers });
    const statuses = (await Promise.all([send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    // one key with two different bodies: one registers, the other is refused as a reused key
    const key = { "Idempotency-Key": `cliente-${Date.now()}` };
    const pair = await Promise.all(
      [body(), body()].map((other) => api(`${P}/customers`, { method: "POST", token, json: other, headers: key })),
    );
    expect(pair.map((r) => r.status).sort()).toEqual([201, 422]);
    const keyed = body();
    const sameKey = { "Idempotency-Key": `cliente-mismo-${Date.now()}` };
    const answers = await Promise.all(
      [1, 2].map(() => api(`${P}/customers`, { method: "POST", token, json: keyed, headers: sameKey })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await answers[0]?.text()).toBe(await answers[1]?.text());
    const rows = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.documentNumber, keyed.document_number)));
    expect(rows).toHaveLength(1);
  });

  it("is refused to the boss, keepers and couriers", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      client(token).customers.$post({ json: body() as never }),
    );
  });
});

describe("GET /api/v1/customers", () => {
  it("finds a customer by document, phone (any way typed) or name without accents", async () => {
    const cc = freshCc();
    const customer = await register(
      DEMO.seller,
      body({ name: "Ángela Núñez Rodríguez", document_number: cc, phone: "315 777 8899" }),
    );
    const token = await login(DEMO.seller);
    const find = async (q: string) =>
      (await ok(client(token).customers.$get({ query: { q } }))).customers.map((c) => c.id);
    expect(await find(cc.slice(0, 6))).toContain(customer.id);
    expect(await find("+57 315-777")).toContain(customer.id);
    expect(await find("8899")).toContain(customer.id);
    expect(await find("angela nunez")).toContain(customer.id);
    expect(await find("RODRÍGUEZ")).toContain(customer.id);
    expect(await find("zzz-nadie")).not.toContain(customer.id);
    // the boss reads too; without q the newest come first
    const all = await ok(client(await login(DEMO.boss)).customers.$get({ query: {} }));
    expect(all.customers[0]?.id).toBe(customer.id);
  });

  it("finds a company by its NIT as displayed (with dots and the check digit) and a person by words in any order", async () => {
    const nit = freshNit();
    const company = await register(
      DEMO.seller,
      body({ name: "Distribuidora Andina S.A.S.", document_type: "NIT", document_number: `${nit.number}-${nit.dv}` }),
    );
    const token = await login(DEMO.seller);
    const find = async (q: string) =>
      (await ok(client(token).customers.$get({ query: { q } }))).customers.map((c) => c.id);
    const dotted = `${nit.number.slice(0, 3)}.${nit.number.slice(3, 6)}.${nit.number.slice(6)}-${nit.dv}`;
    expect(await find(`${nit.number}-${nit.dv}`)).toContain(company.id);
    expect(await find(dotted)).toContain(company.id);
    expect(await find(`${nit.number}${nit.dv}`)).toContain(company.id);
    expect(await find(nit.number)).toContain(company.id);
    expect(await find(`${nit.number}-${(nit.dv + 1) % 10}`)).not.toContain(company.id);
    expect(await find("andina distribuidora")).toContain(company.id);
  });

  it("refuses a search that is too long", async () => {
    const res = await client(await login(DEMO.seller)).customers.$get({ query: { q: "x".repeat(81) } });
    await expectError(res, 422, "La búsqueda es demasiado larga");
  });

  it("is refused to keepers and couriers", async () => {
    await expectDenied(["bodeguero", "corredor"], (token) => client(token).customers.$get({ query: {} }));
  });

  it("never lists another company's customers", async () => {
    const cc = freshCc();
    await register(DEMO.seller, body({ name: "Cliente Reservado", document_number: cc }));
    const other = await ok(client(await login(DEMO.otherSeller)).customers.$get({ query: { q: cc } }));
    expect(other.customers).toEqual([]);
    const byName = await ok(client(await login(DEMO.otherAdmin)).customers.$get({ query: { q: "Reservado" } }));
    expect(byName.customers).toEqual([]);
  });
});

describe("PATCH /api/v1/customers/:id", () => {
  it("lets the administrador correct the document and the seller the phone and e-mail", async () => {
    const customer = await register(DEMO.seller);
    const nit = freshNit();
    const admin = client(await login(DEMO.administrador));
    const edited = await ok(
      admin.customers[":id"].$patch({
        param: byId(customer.id),
        json: { name: "Pérez Hermanos", document_type: "NIT", document_number: `${nit.number}-${nit.dv}` },
      }),
    );
    expect(edited.customer).toMatchObject({ name: "Pérez Hermanos", document: `NIT ${nit.number}-${nit.dv}` });
    const seller = client(await login(DEMO.seller));
    const contact = await ok(
      seller.customers[":id"].$patch({ param: byId(customer.id), json: { phone: "3209998877", email: "" } }),
    );
    expect(contact.customer).toMatchObject({ phone: "3209998877", email: null, name: "Pérez Hermanos" });
  });

  it("refuses a wrong check digit and a document already taken, and changes nothing", async () => {
    const taken = await register(DEMO.seller);
    const customer = await register(DEMO.seller);
    const admin = client(await login(DEMO.administrador));
    const nit = freshNit();
    await expectError(
      await admin.customers[":id"].$patch({
        param: byId(customer.id),
        json: { document_type: "NIT", document_number: nit.number, nit_check_digit: (nit.dv + 3) % 10 },
      }),
      422,
      `El dígito de verificación del NIT no es válido (debería ser ${nit.dv})`,
    );
    await expectError(
      await admin.customers[":id"].$patch({
        param: byId(customer.id),
        json: { document_type: "CC", document_number: taken.document_number },
      }),
      409,
      /Ya existe un cliente con ese documento/,
    );
    await expectError(await admin.customers[":id"].$patch({ param: byId(customer.id), json: {} }), 422);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.documentNumber).toBe(customer.document_number);
  });

  it("refuses a seller changing the name or the document (403), and the boss (403)", async () => {
    const customer = await register(DEMO.seller);
    const seller = client(await login(DEMO.seller));
    await expectError(
      await seller.customers[":id"].$patch({ param: byId(customer.id), json: { name: "Otro nombre" } }),
      403,
      /solo puede corregir el teléfono y el correo/,
    );
    await expectDenied(["boss", "bodeguero"], (token) =>
      client(token).customers[":id"].$patch({ param: byId(customer.id), json: { phone: "3001112233" } }),
    );
  });

  it("answers 404 for another company's customer and changes nothing", async () => {
    const customer = await register(DEMO.seller);
    const res = await client(await login(DEMO.otherAdmin)).customers[":id"].$patch({
      param: byId(customer.id),
      json: { phone: "3001112233" },
    });
    await expectError(res, 404, "Cliente no encontrado");
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.phone).toBe(customer.phone);
  });
});

describe("a sale to a customer, and GET /api/v1/customers/:id", () => {
  it("stores the customer on a sale (JSON and multipart), shows it, and the administrador reads the history", async () => {
    const customer = await register(DEMO.seller, body({ name: "Comprador Frecuente" }));
    const price = await priceOf(REF);
    await setPairs(companyId, REF, centro, SIZE, 2);
    const line = { sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price };
    const seller = client(await login(DEMO.seller));
    const first = await ok(
      seller.sales.create.$post({
        json: {
          items: [line],
          payment_methods: [{ payment_type: "efectivo", amount: price }],
          total_amount: price,
          customer_id: customer.id,
        },
      }),
      201,
    );
    expect(first.customer).toMatchObject({ id: customer.id, name: "Comprador Frecuente", document: customer.document });
    const second = await ok(
      seller.sales.create.$post({
        form: {
          items: JSON.stringify([line]),
          payment_methods: JSON.stringify([{ payment_type: "tarjeta", amount: price }]),
          total_amount: String(price),
          customer_id: String(customer.id),
        },
      }),
      201,
    );
    const stored = await db().select({ customerId: sales.customerId }).from(sales).where(eq(sales.id, second.sale_id));
    expect(stored).toEqual([{ customerId: customer.id }]);

    const today = await ok(seller.sales.today.$get());
    expect(today.sales.find((s) => s.id === first.sale_id)?.customer?.name).toBe("Comprador Frecuente");

    // the customer brings the second pair back: their history lists the return and nets the total
    const itemId = second.sale_details.items[0]?.id ?? 0;
    await ok(
      seller["sale-returns"].$post({
        json: {
          sale_id: second.sale_id,
          lines: [{ sale_item_id: itemId, quantity: 1 }],
          reason: "no_le_gusto",
          refund_method: "tarjeta",
        },
      }),
      201,
    );

    for (const email of [DEMO.administrador, DEMO.boss]) {
      const detail = await ok(client(await login(email)).customers[":id"].$get({ param: byId(customer.id) }));
      expect(detail.customer.id).toBe(customer.id);
      expect(detail.purchases.map((p) => p.sale_id).sort()).toEqual([first.sale_id, second.sale_id].sort());
      expect(detail.purchases[0]).toMatchObject({
        location_name: "Local Centro",
        total_amount: price,
        status: "completed",
      });
      expect(detail.purchases[0]?.items[0]).toMatchObject({ sneaker_reference_code: REF, size: SIZE, quantity: 1 });
      expect(detail.summary).toEqual({ purchases: 2, total_amount: price, returns: 1, returned_amount: price });
      expect(detail.returns).toMatchObject([
        { sale_id: second.sale_id, kind: "return", refund_method: "tarjeta", lines: [{ quantity: 1, size: SIZE }] },
      ]);
    }
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("refuses another company's customer on a sale (404) and sells nothing", async () => {
    const foreign = await register(DEMO.otherSeller);
    const price = await priceOf(REF);
    await setPairs(companyId, REF, centro, SIZE, 1);
    const before = await db().select({ n: sql<number>`COUNT(*)` }).from(sales);
    const res = await client(await login(DEMO.seller)).sales.create.$post({
      json: {
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price }],
        payment_methods: [{ payment_type: "efectivo", amount: price }],
        total_amount: price,
        customer_id: foreign.id,
      },
    });
    await expectError(res, 404, "Cliente no encontrado");
    expect(await db().select({ n: sql<number>`COUNT(*)` }).from(sales)).toEqual(before);
    const bad = await api(`${P}/sales/create`, {
      method: "POST",
      token: await login(DEMO.seller),
      body: form({
        items: JSON.stringify([{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price }]),
        payment_methods: JSON.stringify([{ payment_type: "efectivo", amount: price }]),
        total_amount: String(price),
        customer_id: "uno",
      }),
    });
    await expectError(bad, 422, "El cliente no es válido");
  });

  it("answers 404 for an unknown id or another company's customer", async () => {
    const customer = await register(DEMO.seller);
    await expectError(
      await client(await login(DEMO.otherAdmin)).customers[":id"].$get({ param: byId(customer.id) }),
      404,
      "Cliente no encontrado",
    );
    await expectError(
      await client(await login(DEMO.administrador)).customers[":id"].$get({ param: byId(99_999_999) }),
      404,
    );
  });

  it("is refused to sellers, keepers and couriers", async () => {
    const customer = await register(DEMO.seller);
    assert(customer.id);
    await expectDenied(["seller", "bodeguero", "corredor"], (token) =>
      client(token).customers[":id"].$get({ param: byId(customer.id) }),
    );
  });
});
