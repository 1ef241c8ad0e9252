import { env } from "cloudflare:workers";
import { and, eq, gt } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  contactMessages,
  inventory,
  locations,
  newsletterSubscribers,
  products,
} from "../../../worker/db/schema";
import { demoProducts } from "../../../worker/db/seed/index";
import {
  api,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  expectError,
  jpeg,
  locationNamed,
  login,
  ok,
  publishForTest,
} from "../support/helpers";

const products$ = () => client().public.products;

/** The storefront shows only what the administrador publishes: ten of the 24 demo products here. */
const PUBLISHED = demoProducts(24)
  .slice(0, 10)
  .map((p) => p.referenceCode);

beforeAll(async () => {
  const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
  for (const ref of PUBLISHED) await publishForTest(ref, demo?.id);
});

describe("storefront and health", () => {
  it("GET /health checks D1; /api/v1/ping answers without I/O", async () => {
    const res = await api("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(await (await api("/api/v1/ping")).json()).toEqual({ pong: true });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("lists the published showcase products (never the unpublished ones), filtered by category", async () => {
    const all = await ok(products$().$get({ query: {} }));
    expect(all.total).toBe(PUBLISHED.length);
    expect(all.products.map((p) => p.reference_code).sort()).toEqual([...PUBLISHED].sort());
    const running = await ok(products$().$get({ query: { category: "running" } }));
    expect(running.total).toBeGreaterThan(0);
    expect(running.products.every((p) => p.category === "running")).toBe(true);
    expect(running.products[0]?.unit_price).toBeGreaterThan(1000);
    const four = await ok(products$().$get({ query: { limit: "4" } }));
    expect(four.products).toHaveLength(4);
  });

  it("answers 422 for an unknown category or a bad limit", async () => {
    await expectError(await api("/api/v1/public/products?category=zapatos"), 422, /Categoría no válida/);
    await expectError(await api("/api/v1/public/products?limit=-3"), 422);
  });

  it("hides inactive products and never serves another company's product image", async () => {
    const [p] = await db()
      .select()
      .from(products)
      .where(eq(products.referenceCode, PUBLISHED[0] ?? ""));
    await db()
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, p?.id ?? 0));
    const all = await ok(products$().$get({ query: {} }));
    expect(all.products.map((x) => x.id)).not.toContain(p?.id);
    await db()
      .update(products)
      .set({ isActive: true })
      .where(eq(products.id, p?.id ?? 0));

    const otra = await companyNamed("otra");
    const otraDb = await dbOf(otra.id);
    const [other] = await otraDb.select().from(products).where(eq(products.companyId, otra.id));
    const key = `company/${otra.id}/products/x/photo.jpg`;
    await env.FILES.put(key, new Uint8Array([0xff, 0xd8, 0xff]), { httpMetadata: { contentType: "image/jpeg" } });
    await otraDb
      .update(products)
      .set({ imageKey: key, isPublished: true })
      .where(eq(products.id, other?.id ?? 0));
    await expectError(await api(`/api/v1/public/products/${other?.id}/image`), 404);
  });

  it("serves a showcase product image from R2", async () => {
    const [p] = await db().select().from(products).where(eq(products.referenceCode, "VANSAUTH-01"));
    const key = `company/${p?.companyId}/products/${p?.id}/photo.jpg`;
    await env.FILES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { httpMetadata: { contentType: "image/jpeg" } });
    await db()
      .update(products)
      .set({ imageKey: key })
      .where(eq(products.id, p?.id ?? 0));
    // not published yet: the storefront does not serve it
    await expectError(await api(`/api/v1/public/products/${p?.id}/image`), 404);
    await db()
      .update(products)
      .set({ isPublished: true })
      .where(eq(products.id, p?.id ?? 0));
    const res = await api(`/api/v1/public/products/${p?.id}/image`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
  });

  it("answers 404 with a Spanish detail for unknown API routes", async () => {
    await expectError(await api("/api/v1/no-existe"), 404, "Ruta no encontrada");
  });
});

const subscribe = (json: unknown) => api("/api/v1/public/newsletter", { method: "POST", json });

async function showcaseRows() {
  const [showcase] = await db().select().from(companies).where(eq(companies.subdomain, env.STOREFRONT_SUBDOMAIN));
  return db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.companyId, showcase?.id ?? 0));
}

describe("POST /api/v1/public/newsletter", () => {
  it("keeps the e-mail once for the showcase company, and answers a repeat the same way", async () => {
    const first = await subscribe({ email: "  Lucia.Gomez@Correo.co " });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: "¡Gracias por suscribirte!" });
    // another case is the same address: no second row, and no hint that it was there
    const again = await subscribe({ email: "lucia.gomez@correo.co" });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ message: "¡Gracias por suscribirte!" });
    const rows = (await showcaseRows()).filter((r) => r.email === "lucia.gomez@correo.co");
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no e-mail", {}, "El campo 'correo' es requerido"],
    ["an empty one", { email: "   " }, "Escribe tu correo electrónico."],
    ["a malformed one", { email: "lucia@" }, "Escribe un correo electrónico válido."],
    ["a number", { email: 42 }, "Escribe tu correo electrónico."],
    ["one of 300 characters", { email: `${"a".repeat(290)}@correo.co` }, "El correo electrónico es demasiado largo."],
  ])("refuses %s with 422 and keeps nothing", async (_name, body, message) => {
    const before = (await showcaseRows()).length;
    await expectError(await subscribe(body), 422, message);
    expect((await showcaseRows()).length).toBe(before);
  });
});

describe("GET /api/v1/public/receipts/:token", () => {
  it("opens one sale's receipt without signing in: company, store, lines, payments with change, policy; never the voucher", async () => {
    const seller = await login(DEMO.seller);
    const place = await locationNamed("Local Centro");
    const [cell] = await db()
      .select({ ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(and(eq(inventory.locationId, place?.id ?? 0), gt(inventory.pairs, 2), eq(products.isActive, true)))
      .limit(1);
    assert(cell, "a sellable pair at Local Centro");
    const price = cell.price / 100;
    const policy = "Cambios dentro de 30 días con el recibo";
    await ok(
      client(await login(DEMO.administrador)).admin.admin.settings.$put({
        json: { legal_name: "Calzado Horma S.A.S.", tax_id: "900.123.456-8", return_policy: policy },
      }),
    );
    const sell = async (notes: string) =>
      ok(
        client(seller).sales.create.$post({
          form: {
            items: JSON.stringify([{ sneaker_reference_code: cell.ref, size: cell.size, quantity: 1 }]),
            payment_methods: JSON.stringify([
              { payment_type: "efectivo", amount: price, cash_received: price + 10_000 },
            ]),
            total_amount: String(price),
            notes,
            receipt_image: jpeg(),
          },
        }),
        201,
      );
    const first = await sell("nota interna uno");
    const second = await sell("nota interna dos");
    const token = first.sale_details.receipt_token ?? "";
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(second.sale_details.receipt_token).not.toBe(token);

    const res = await api(`/api/v1/public/receipts/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { receipt } = (await res.json()) as { receipt: Record<string, unknown> };
    expect(receipt).toMatchObject({
      number: first.sale_id,
      company: { name: "Calzado Horma Demo", legal_name: "Calzado Horma S.A.S.", tax_id: "900.123.456-8" },
      location: { name: "Local Centro" },
      seller_name: "Valentina Rojas",
      lines: [{ reference: cell.ref, size: cell.size, quantity: 1, unit_price: price, subtotal: price }],
      total: price,
      payments: [{ payment_type: "efectivo", amount: price, cash_received: price + 10_000, change: 10_000 }],
      return_policy: policy,
    });
    const text = JSON.stringify(receipt);
    // that sale only (its one line, above), not the private voucher photo nor the internal notes
    expect(text).not.toContain("receipts/");
    expect(text).not.toContain("nota interna");
  });

  it("opens a return's and an exchange's receipt: what came back, of which sale, the money and the new sale", async () => {
    const seller = await login(DEMO.seller);
    const place = await locationNamed("Local Centro");
    const cells = await db()
      .select({ ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(and(eq(inventory.locationId, place?.id ?? 0), gt(inventory.pairs, 2), eq(products.isActive, true)))
      .limit(2);
    const [cell, other] = cells;
    assert(cell && other, "two sellable cells at Local Centro");
    const price = cell.price / 100;
    const sale = await ok(
      client(seller).sales.create.$post({
        form: {
          items: JSON.stringify([{ sneaker_reference_code: cell.ref, size: cell.size, quantity: 2 }]),
          payment_methods: JSON.stringify([{ payment_type: "efectivo", amount: price * 2 }]),
          total_amount: String(price * 2),
        },
      }),
      201,
    );
    const itemId = sale.sale_details.items[0]?.id ?? 0;
    const giveBack = async (json: Record<string, unknown>) => {
      const res = await api("/api/v1/sale-returns", {
        method: "POST",
        token: seller,
        json: { sale_id: sale.sale_id, lines: [{ sale_item_id: itemId, quantity: 1 }], ...json },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { sale_return: { receipt_token: string; id: number } }).sale_return;
    };
    const back = await giveBack({ reason: "talla", refund_method: "efectivo" });
    const res = await api(`/api/v1/public/receipts/${back.receipt_token}`);
    expect(res.status).toBe(200);
    const { receipt } = (await res.json()) as { receipt: Record<string, unknown> };
    expect(receipt).toMatchObject({
      kind: "return",
      number: back.id,
      location: { name: "Local Centro" },
      lines: [],
      total: 0,
      returned: {
        sale_number: sale.sale_id,
        reason: "Talla",
        lines: [{ reference: cell.ref, size: cell.size, quantity: 1, amount: price }],
        refund_amount: price,
        refund_method: "efectivo",
      },
    });

    // the sale's own receipt now names the return, with the link to its receipt and what is left
    const original = (await (await api(`/api/v1/public/receipts/${sale.sale_details.receipt_token}`)).json()) as {
      receipt: Record<string, unknown>;
    };
    expect(original.receipt).toMatchObject({
      kind: "sale",
      total: price * 2,
      returns: [{ number: back.id, kind: "return", amount: price, token: back.receipt_token }],
      returned_total: price,
      net_total: price,
      fully_returned: false,
    });

    const otherPrice = other.price / 100;
    const difference = Math.max(0, otherPrice - price);
    const swap = await giveBack({
      reason: "talla",
      refund_method: "efectivo",
      exchange: {
        items: [{ sneaker_reference_code: other.ref, size: other.size, quantity: 1 }],
        payments: difference > 0 ? [{ payment_type: "tarjeta", amount: difference }] : [],
      },
    });
    const swapped = (await (await api(`/api/v1/public/receipts/${swap.receipt_token}`)).json()) as {
      receipt: Record<string, unknown>;
    };
    expect(swapped.receipt).toMatchObject({
      kind: "exchange",
      lines: [{ reference: other.ref, size: other.size, quantity: 1 }],
      total: otherPrice,
      returned: { sale_number: sale.sale_id, credit_amount: Math.min(price, otherPrice) },
    });
    // both units back (one returned, one exchanged): the sale says it came back entirely, net 0
    const after = (await (await api(`/api/v1/public/receipts/${sale.sale_details.receipt_token}`)).json()) as {
      receipt: Record<string, unknown>;
    };
    expect(after.receipt).toMatchObject({
      total: price * 2,
      returns: [
        { number: back.id, kind: "return" },
        { number: swap.id, kind: "exchange", token: swap.receipt_token },
      ],
      returned_total: price * 2,
      net_total: 0,
      fully_returned: true,
    });
  });

  it("answers 404 for a token no sale has and 422 for something that is not a token", async () => {
    await expectError(await api(`/api/v1/public/receipts/${"0".repeat(32)}`), 404, "Recibo no encontrado");
    await expectError(await api("/api/v1/public/receipts/1"), 422, "El enlace del recibo no es válido");
    await expectError(await api("/api/v1/public/receipts/' OR 1=1 --"), 422);
  });
});

// ---------------------------------------------------------------- contact form and stores (issue 32 §6)

const contact = (json: unknown, headers: Record<string, string> = {}) =>
  api("/api/v1/public/contact", { method: "POST", json, headers });

async function showcaseId() {
  const [showcase] = await db().select().from(companies).where(eq(companies.subdomain, env.STOREFRONT_SUBDOMAIN));
  return showcase?.id ?? 0;
}

const messagesFrom = async (email: string) =>
  db()
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.companyId, await showcaseId()), eq(contactMessages.email, email)));

let contactSeq = 0;
const visitor = () => `visitante${Date.now().toString(36)}${++contactSeq}@correo.co`;

describe("POST /api/v1/public/contact", () => {
  it("keeps the message for the showcase company, addressed to one of its stores, and says so", async () => {
    const email = visitor();
    const chapinero = await locationNamed("Local Chapinero");
    const res = await contact({
      name: "  Mariana López ",
      email: `  ${email.toUpperCase()} `,
      phone: "310 555 1234",
      message: "¿Tienen los Air Max en talla 38 en Chapinero?",
      location_id: chapinero?.id,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Recibimos tu mensaje; te responderemos a tu correo" });
    const [row, ...more] = await messagesFrom(email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      name: "Mariana López",
      email,
      phone: "310 555 1234",
      message: "¿Tienen los Air Max en talla 38 en Chapinero?",
      locationId: chapinero?.id,
      readAt: null,
      idempotencyKey: null,
    });
    // a general message: no store, no phone
    expect((await contact({ name: "Andrés", email, message: "Precios por volumen para un colegio" })).status).toBe(201);
    expect((await messagesFrom(email)).find((m) => m.locationId === null)?.phone).toBeNull();
  });

  it("runs a key once: a retry with the same data answers the same, with other data 422", async () => {
    const email = visitor();
    const body = { name: "Luisa", email, message: "Quiero cambiar unos Converse por otra talla" };
    const key = `contacto-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => contact(body, { "Idempotency-Key": key })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((a) => a.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);
    expect(await messagesFrom(email)).toHaveLength(1);
    await expectError(
      await contact({ ...body, message: "Otro mensaje distinto del primero" }, { "Idempotency-Key": key }),
      422,
      "La clave de idempotencia ya se usó con otros datos",
    );
    await expectError(await contact(body, { "Idempotency-Key": "corta" }), 422, /clave de idempotencia no es válida/);
    expect(await messagesFrom(email)).toHaveLength(1);
  });

  it.each([
    ["no name", { email: "a@correo.co", message: "Un mensaje suficiente" }, "Escribe tu nombre."],
    [
      "a bad e-mail",
      { name: "Ana", email: "ana@", message: "Un mensaje suficiente" },
      "Escribe un correo electrónico válido.",
    ],
    ["a short message", { name: "Ana", email: "ana@correo.co", message: "  Hola   " }, /mínimo 10 caracteres/],
    [
      "a message of 2001 characters",
      { name: "Ana", email: "ana@correo.co", message: "x".repeat(2001) },
      /máximo 2000 caracteres/,
    ],
    [
      "a phone that is not one",
      { name: "Ana", email: "ana@correo.co", phone: "llámame", message: "Un mensaje suficiente" },
      /teléfono válido/,
    ],
    [
      "a store id that is not a number",
      { name: "Ana", email: "ana@correo.co", message: "Un mensaje suficiente", location_id: "2" },
      /id de una de nuestras tiendas/,
    ],
  ])("refuses %s with 422 and keeps nothing", async (_name, body, message) => {
    const before = await db().select({ id: contactMessages.id }).from(contactMessages);
    await expectError(await contact(body), 422, message);
    expect(await db().select({ id: contactMessages.id }).from(contactMessages)).toHaveLength(before.length);
  });

  it("refuses (422) a warehouse, a closed store or another company's store as the addressee", async () => {
    const email = visitor();
    const bodega = await locationNamed("Bodega Principal");
    const otra = await locationNamed("Otra Tienda Medellín");
    for (const place of [bodega, otra]) {
      await expectError(
        await contact({ name: "Ana", email, message: "Un mensaje suficiente", location_id: place?.id }),
        422,
        "Esa tienda no existe o ya no atiende; elige una de la lista.",
      );
    }
    expect(await messagesFrom(email)).toHaveLength(0);
  });

  it("limits an e-mail to 5 messages an hour and a network address to 20 (429 with Retry-After)", async () => {
    const email = visitor();
    const send = (from: string, ip?: string) =>
      contact({ name: "Ana", email: from, message: "Un mensaje suficiente" }, ip ? { "CF-Connecting-IP": ip } : {});
    const burst = await Promise.all(Array.from({ length: 8 }, () => send(email)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    const retry = Number(refused[0]?.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    await expectError(await send(email), 429, /Intenta de nuevo en 60 minutos/);
    expect(await messagesFrom(email)).toHaveLength(5);

    const ip = `203.0.113.${(Date.now() % 200) + 1}`;
    const fromOneAddress = await Promise.all(Array.from({ length: 22 }, () => send(visitor(), ip)));
    expect(fromOneAddress.filter((r) => r.status === 201)).toHaveLength(20);
    expect(fromOneAddress.filter((r) => r.status === 429)).toHaveLength(2);
    // the address is kept only as a keyed hash
    const kept = await db().select({ sender: contactMessages.senderHash }).from(contactMessages);
    expect(kept.some((m) => m.sender?.includes(ip))).toBe(false);
    expect(kept.filter((m) => m.sender !== null).length).toBeGreaterThanOrEqual(20);
    // another address still gets through
    expect((await send(visitor(), "198.51.100.7")).status).toBe(201);
  });
});

describe("GET /api/v1/public/stores", () => {
  it("lists the showcase company's open stores with address, phone, hours and WhatsApp; no warehouses, no other company", async () => {
    const { stores } = await ok(client().public.stores.$get());
    expect(stores.map((s) => s.name)).toEqual(["Local Centro", "Local Chapinero", "Local Unicentro"]);
    expect(stores[0]).toMatchObject({
      address: "Cra. 7 # 12-45, Bogotá",
      phone: "+57 601 555 0101",
      opening_hours: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00",
      whatsapp: "3001234567",
    });
    expect(Object.keys(stores[0] ?? {}).sort()).toEqual(
      ["address", "id", "name", "opening_hours", "phone", "whatsapp"].sort(),
    );
  });

  it("leaves out a store that closed", async () => {
    const unicentro = await locationNamed("Local Unicentro");
    const id = unicentro?.id ?? 0;
    await db().update(locations).set({ isActive: false }).where(eq(locations.id, id));
    try {
      const { stores } = await ok(client().public.stores.$get());
      expect(stores.map((s) => s.id)).not.toContain(id);
    } finally {
      await db().update(locations).set({ isActive: true }).where(eq(locations.id, id));
    }
  });
});
