import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { assert, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  inventory,
  locations,
  productEmbeddings,
  products,
  productVariants,
} from "../../../worker/db/schema";
import { normaliseBarcode } from "../../../worker/domain/catalogue/barcodes";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  db,
  dbOf,
  expectDenied,
  expectError,
  form,
  jpeg,
  login,
  ok,
} from "../support/helpers";

// The catalogue (worker/routes/catalogue/products.ts): list and search, a product's page, edits with price
// history, variants with box barcodes, and the lookup sellers use.

const P = "/api/v1/products";
let companyId = 0;
let otherCompanyId = 0;

async function productId(ref: string, company = companyId) {
  const [row] = await (await dbOf(company))
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.referenceCode, ref), eq(products.companyId, company)));
  if (!row) throw new Error(ref);
  return row.id;
}

const admin = () => login(DEMO.administrador);
/** The catalogue routes as typed calls, as the administrador unless told. */
const catalogue = async (token?: string) => client(token ?? (await admin())).products;

type Changes = InferRequestType<Awaited<ReturnType<typeof catalogue>>[":id"]["$patch"]>["json"];
type VariantsInput = InferRequestType<Awaited<ReturnType<typeof catalogue>>[":id"]["variants"]["$put"]>["json"];

const patch = async (id: number, json: Changes, token?: string) =>
  (await catalogue(token))[":id"].$patch({ param: byId(id), json });
const putVariants = async (id: number, json: VariantsInput, token?: string) =>
  (await catalogue(token))[":id"].variants.$put({ param: byId(id), json });
/** A product's page, as the administrador. */
const detailOfProduct = async (id: number) => ok((await catalogue())[":id"].$get({ param: byId(id) }));
/** A page of the catalogue, as the administrador. */
const list = async (query: InferRequestType<Awaited<ReturnType<typeof catalogue>>["$get"]>["query"]) =>
  ok((await catalogue()).$get({ query }));

beforeAll(async () => {
  const a = await accountRow(DEMO.administrador);
  const b = await accountRow(DEMO.otherAdmin);
  companyId = a?.companyId ?? 0;
  otherCompanyId = b?.companyId ?? 0;
});

describe("GET /api/v1/products", () => {
  it("each product's stock and scan references are its own (sums over its cells and references)", async () => {
    const page = await list({ page_size: "200" });
    const cells = await db().select().from(inventory).where(eq(inventory.companyId, companyId));
    const refs = await db().select().from(productEmbeddings).where(eq(productEmbeddings.companyId, companyId));
    for (const p of page.products) {
      const mine = cells.filter((c) => c.productId === p.id);
      expect(p.stock, p.reference_code).toEqual({
        pairs: mine.reduce((a, c) => a + c.pairs, 0),
        single_feet: mine.reduce((a, c) => a + c.leftFeet + c.rightFeet, 0),
        exhibition: mine.reduce((a, c) => a + c.exhibition, 0),
      });
      expect(p.scan_references, p.reference_code).toBe(refs.filter((r) => r.productId === p.id).length);
    }
    const stocked = await list({ stock: "without", page_size: "200" });
    for (const p of stocked.products) expect(p.stock.pairs + p.stock.single_feet + p.stock.exhibition).toBe(0);
  });

  it("lists the company's catalogue with cost, stock and pages, searching by reference, brand or barcode", async () => {
    const page = await list({ page_size: "5" });
    expect(page.products).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.brands).toContain("Nike");

    const byBrand = await list({ q: "vans" });
    expect(byBrand.products.length).toBeGreaterThan(0);
    expect(byBrand.products.every((p) => p.reference_code.startsWith("VANS"))).toBe(true);

    const [variant] = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, await productId("ADIDASSU-01")));
    assert(variant?.barcode, "ADIDASSU-01 has box barcodes");
    const byCode = await list({ q: variant.barcode });
    expect(byCode.products.map((p) => p.reference_code)).toEqual(["ADIDASSU-01"]);

    const sorted = await list({ sort: "price", order: "desc", page_size: "200" });
    expect(sorted.products.length).toBe(sorted.total);
    // every product of the company, none of the other's
    const ids = new Set(sorted.products.map((p) => p.id));
    expect(ids.has(await productId("ADIDASSU-01", otherCompanyId))).toBe(false);
  });

  it("finds several words in any order, without accents or case: every word in brand, model, colour or reference", async () => {
    const found = async (q: string) => (await list({ q, page_size: "200" })).products;
    const label = (p: { brand: string; model: string; color: string | null }) =>
      `${p.brand} ${p.model} ${p.color ?? ""}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const superstar = await found("Adidas Superstar");
    expect(superstar.length).toBeGreaterThan(0);
    expect(superstar.every((p) => p.brand === "Adidas" && p.model === "Superstar")).toBe(true);
    expect((await found("superstar ADIDAS")).map((p) => p.id)).toEqual(superstar.map((p) => p.id));
    const white = await found("adidas blanco");
    expect(white.length).toBeGreaterThan(1);
    expect(white.every((p) => label(p).includes("adidas") && label(p).includes("blanco"))).toBe(true);
    const onix = await found("onix");
    expect(onix.map((p) => p.color)).toContain("Ónix");
    expect((await found("ÓNIX")).map((p) => p.id)).toEqual(onix.map((p) => p.id));
    const cream = await found("chuck crema");
    expect(cream.map((p) => `${p.model} ${p.color}`)).toEqual(["Chuck 70 Low Crema"]);
    expect(await found("adidas crema")).toEqual([]);
    // a reference typed with its word and number still finds it
    expect((await found("ADIDASSU-01")).map((p) => p.reference_code)).toEqual(["ADIDASSU-01"]);
  });

  it("lets the boss read it and refuses seller, keeper and courier the catalogue with costs", async () => {
    await ok((await catalogue(await login(DEMO.boss))).$get({ query: {} }));
    await expectDenied(["seller", "bodeguero", "corredor"], async (token) =>
      (await catalogue(token)).$get({ query: {} }),
    );
    await expectError(await api(P), 401);
  });

  it("answers 422 for bad filters", async () => {
    await expectError(await api(`${P}?page_size=500`, { token: await admin() }), 422, /tamaño de página/);
    await expectError(await api(`${P}?category=sandalias`, { token: await admin() }), 422, /categoría/);
    await expectError(await api(`${P}?sort=color`, { token: await admin() }), 422, /orden/);
  });
});

describe("GET /api/v1/products/:id", () => {
  it("shows sizes with codes and stock per location, price history, scan references and the ledger", async () => {
    const id = await productId("CONVERSE-01");
    const detail = await detailOfProduct(id);
    expect(detail.product.reference_code).toBe("CONVERSE-01");
    expect(detail.sizes.length).toBeGreaterThan(3);
    expect(detail.sizes.every((s) => s.barcode?.startsWith("2"))).toBe(true);
    expect(detail.movements.some((m) => m.reason === "entry" && m.reason_text === "Ingreso de inventario")).toBe(true);
    expect(["con_huellas", "sin_huellas"]).toContain(detail.scan_references.status);
  });

  it("answers 404 for another company's product or an unknown id", async () => {
    const other = await productId("NIKECORT-01", otherCompanyId);
    await expectError(await (await catalogue())[":id"].$get({ param: byId(other) }), 404, "Producto no encontrado");
    await expectError(await (await catalogue())[":id"].$get({ param: byId(99999999) }), 404);
    await expectError(await api(`${P}/abc`, { token: await admin() }), 404);
    await expectError(await (await catalogue())[":id"].movements.$get({ param: byId(other), query: {} }), 404);
  });
});

describe("PATCH /api/v1/products/:id", () => {
  it("edits data and prices, recording each price change with who made it", async () => {
    const id = await productId("ADIDASYE-01");
    const { product } = await ok(
      patch(id, { color: "Azul marino", unit_price: 333000, cost_price: 150000, gender: "mujer" }),
    );
    expect(product).toMatchObject({ color: "Azul marino", unit_price: 333000, cost_price: 150000 });
    const detail = await detailOfProduct(id);
    expect(detail.price_history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "unit_price", new_value: 333000, user_name: "Andrés Gómez" }),
        expect.objectContaining({ field: "cost_price", new_value: 150000 }),
      ]),
    );
  });

  it("concurrent price edits all land in the history, each from the price before it", async () => {
    const id = await productId("ADIDASYE-02");
    const prices = [310000, 320000, 330000, 340000];
    const results = await Promise.all(prices.map((unit_price) => patch(id, { unit_price })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const detail = await detailOfProduct(id);
    const changes = detail.price_history.filter((h) => h.field === "unit_price").reverse();
    expect(changes).toHaveLength(4);
    for (let i = 1; i < changes.length; i++) expect(changes[i]?.old_value).toBe(changes[i - 1]?.new_value);
    expect(changes.at(-1)?.new_value).toBe(detail.product.unit_price);
  });

  it("deactivates a product: no longer sold or found by the scan catalogue, and reactivates it", async () => {
    const id = await productId("REEBOKCL-02");
    await ok(patch(id, { is_active: false }));
    const listed = await list({ active: "false" });
    expect(listed.products.map((p) => p.id)).toContain(id);
    const sale = await client(await login(DEMO.seller)).sales.create.$post({
      json: {
        items: [{ sneaker_reference_code: "REEBOKCL-02", size: "40", quantity: 1 }],
        payment_methods: [{ payment_type: "efectivo", amount: 1 }],
        total_amount: 1,
      },
    });
    await expectError(sale, 422, "El producto con referencia REEBOKCL-02 está inactivo");
    await ok(patch(id, { is_active: true }));
  });

  it("answers 422 for bad fields, 403 to the boss and sellers, 404 across companies", async () => {
    const id = await productId("ADIDASYE-01");
    await expectError(await patch(id, {}), 422, /al menos un campo/);
    await expectError(await patch(id, { unit_price: 0 }), 422, /mayor que cero/);
    await expectError(await patch(id, { brand: "  " }), 422, /no puede quedar vacío/);
    await expectError(await patch(id, { cost_price: "mucho" }), 422);
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (token) => patch(id, { color: "Rojo" }, token));
    const other = await productId("ADIDASSU-01", otherCompanyId);
    await expectError(await patch(other, { color: "Rojo" }), 404);
  });
});

describe("PUT /api/v1/products/:id/photo", () => {
  const putPhoto = async (id: number, body: FormData, email: string = DEMO.administrador) =>
    api(`${P}/${id}/photo`, { method: "PUT", token: await login(email), body });

  it("replaces the product's photo, served back to the company only", async () => {
    const id = await productId("NIKEAIRM-02");
    const before = (await detailOfProduct(id)).product.image_url;
    const res = await putPhoto(id, form({ image: jpeg(2048) }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { product: { image_url: string | null } };
    expect(body.product.image_url).toMatch(new RegExp(`^/api/v1/files/company/${companyId}/products/${id}/.+\\.jpg$`));
    expect(body.product.image_url).not.toBe(before);
    expect((await detailOfProduct(id)).product.image_url).toBe(body.product.image_url);
    const own = await api(body.product.image_url ?? "", { token: await admin() });
    expect(own.status).toBe(200);
    expect((await own.arrayBuffer()).byteLength).toBe(2048);
    expect((await api(body.product.image_url ?? "", { token: await login(DEMO.otherAdmin) })).status).toBe(404);
  });

  it("422 without a photo, 415 for a file that is not an image, 403 to other roles, 404 across companies", async () => {
    const id = await productId("NIKEAIRM-02");
    const before = (await detailOfProduct(id)).product.image_url;
    await expectError(await putPhoto(id, form({ note: "sin foto" })), 422, /Adjunta la foto/);
    const text = new File([new TextEncoder().encode("no soy una imagen")], "foto.jpg", { type: "image/jpeg" });
    await expectError(await putPhoto(id, form({ image: text })), 415, /imagen válida/);
    for (const role of ["boss", "seller", "bodeguero", "corredor"] as const) {
      await expectError(await putPhoto(id, form({ image: jpeg() }), DEMO[role]), 403);
    }
    await expectError(await putPhoto(await productId("ADIDASSU-01", otherCompanyId), form({ image: jpeg() })), 404);
    expect((await detailOfProduct(id)).product.image_url).toBe(before);
  });
});

describe("PUT /api/v1/products/:id/variants", () => {
  it("assigns box barcodes (UPC-A stored as EAN-13) and SKUs per size", async () => {
    const id = await productId("NIKEAIRM-02");
    const { variants } = await ok(
      putVariants(id, { variants: [{ size: "40", barcode: "036000291452", sku: "AM-40" }] }),
    );
    expect(variants.find((v) => v.size === "40")).toEqual({ size: "40", barcode: "0036000291452", sku: "AM-40" });
  });

  it("refuses a barcode another product holds (409 naming it) and a bad check digit (422), changing nothing", async () => {
    const holder = await productId("NIKEAIRM-02");
    await putVariants(holder, { variants: [{ size: "41", barcode: "4006381333931" }] });
    const id = await productId("ADIDASSU-02");
    const before = await db().select().from(productVariants).where(eq(productVariants.productId, id));
    const taken = await putVariants(id, {
      variants: [
        { size: "39", sku: "NUEVO-39" },
        { size: "40", barcode: "4006381333931" },
      ],
    });
    await expectError(
      taken,
      409,
      "El código de barras 4006381333931 ya es de Nike Air Max 1 (referencia NIKEAIRM-02, talla 41)",
    );
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, id))).toEqual(before);
    const wrong = await putVariants(id, { variants: [{ size: "40", barcode: "4006381333932" }] });
    await expectError(wrong, 422, /dígito de control/);
  });

  it("a code names one thing: a barcode or SKU equal to any reference, barcode or SKU of another product (any case) is 409 naming it", async () => {
    const id = await productId("REEBOKCL-02");
    const before = await db().select().from(productVariants).where(eq(productVariants.productId, id));
    // another product's reference code, as a SKU and as a Code 128 barcode, in other letter case
    await expectError(
      await putVariants(id, { variants: [{ size: "50", sku: "converse-01" }] }),
      409,
      /^El SKU converse-01 ya es de Converse Chuck 70 Low \(referencia CONVERSE-01\)$/,
    );
    await expectError(
      await putVariants(id, { variants: [{ size: "50", barcode: "Converse-01" }] }),
      409,
      /^El código de barras Converse-01 ya es de Converse Chuck 70 Low \(referencia CONVERSE-01\)$/,
    );
    // its own reference code: the reference names the product, a box code names a size
    await expectError(
      await putVariants(id, { variants: [{ size: "50", barcode: "reebokcl-02" }] }),
      409,
      /ya es de Reebok Club C 85 \(referencia REEBOKCL-02\)/,
    );
    // another product's SKU as a barcode, and its barcode as a SKU
    const other = await productId("CONVERSE-01");
    const [held] = await db().select().from(productVariants).where(eq(productVariants.productId, other)).limit(1);
    assert(held?.sku && held.barcode, "CONVERSE-01 has box codes");
    await expectError(
      await putVariants(id, { variants: [{ size: "50", barcode: held.sku.toLowerCase() }] }),
      409,
      `El código de barras ${held.sku.toLowerCase()} ya es de Converse Chuck 70 Low (referencia CONVERSE-01, talla ${held.size})`,
    );
    await expectError(
      await putVariants(id, { variants: [{ size: "50", sku: held.barcode }] }),
      409,
      /ya es de Converse Chuck 70 Low \(referencia CONVERSE-01, talla/,
    );
    // one size's codes differing only in case from another size's of the same product
    await ok(putVariants(id, { variants: [{ size: "50", sku: "RB-CASE-50" }] }));
    await expectError(await putVariants(id, { variants: [{ size: "51", sku: "rb-case-50" }] }), 409, /talla 50\)$/);
    await expectError(
      await putVariants(id, {
        variants: [
          { size: "52", sku: "RB-DOS" },
          { size: "53", barcode: "rb-dos" },
        ],
      }),
      422,
      /repetido en las tallas 52 y 53/,
    );
    expect(
      (await db().select().from(productVariants).where(eq(productVariants.productId, id))).filter(
        (v) => v.size !== "50",
      ),
    ).toEqual(before.filter((v) => v.size !== "50"));
    // one size may carry the same code as barcode and SKU: it names that size either way
    const same = await ok(putVariants(id, { variants: [{ size: "51", barcode: "RB-MISMO-51", sku: "rb-mismo-51" }] }));
    expect(same.variants.find((v) => v.size === "51")).toMatchObject({ barcode: "RB-MISMO-51", sku: "rb-mismo-51" });
    // and the reference still finds its own product
    const lookup = (await catalogue(await login(DEMO.seller))).lookup;
    expect(await ok(lookup.$get({ query: { code: "CONVERSE-01" } }))).toMatchObject({
      matched_by: "reference_code",
      product: { reference_code: "CONVERSE-01" },
    });
  });

  it("two products racing for one barcode: exactly one gets it", async () => {
    const a = await productId("CONVERSE-02");
    const b = await productId("VANSAUTH-02");
    const code = "5901234123457";
    const [ra, rb] = await Promise.all(
      [a, b].map((id) => putVariants(id, { variants: [{ size: "38", barcode: code }] })),
    );
    expect([ra?.status, rb?.status].sort()).toEqual([200, 409]);
    expect(await db().select().from(productVariants).where(eq(productVariants.barcode, code))).toHaveLength(1);
  });

  it("is refused to the boss and sellers (403) and answers 404 across companies", async () => {
    const id = await productId("CONVERSE-02");
    const body = { variants: [{ size: "38", sku: "X" }] };
    await expectDenied(["boss", "seller", "bodeguero", "corredor"], (token) => putVariants(id, body, token));
    const other = await productId("NIKEAIRM-01", otherCompanyId);
    await expectError(await putVariants(other, body), 404);
    await expectError(
      await api(`${P}/${id}/variants`, { method: "PUT", token: await admin(), json: { variants: "x" } }),
      422,
    );
  });
});

describe("POST /api/v1/products/labels", () => {
  type Sheet = InferRequestType<Awaited<ReturnType<typeof catalogue>>["labels"]["$post"]>["json"];
  const labels = async (json: Sheet, token?: string) => (await catalogue(token)).labels.$post({ json });
  const sequence = async () => {
    const [row] = await db()
      .select({ n: companies.barcodeSequence })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row?.n ?? 0;
  };

  it("prints the maker's code where a size has one and hands out in-store EAN-13s (29…) once for the rest", async () => {
    const id = await productId("ADIDASSU-02");
    await ok(
      putVariants(id, {
        variants: [
          { size: "44", barcode: "9780201379624" },
          { size: "45", barcode: null, sku: "AD-45" },
        ],
      }),
    );
    const before = await sequence();
    const first = await ok(
      labels({
        items: [
          { product_id: id, size: "44", copies: 2 },
          { product_id: id, size: "45", copies: 3 },
          { product_id: id, size: "46" },
          { product_id: id, size: "45", copies: 1 },
        ],
      }),
    );
    expect(first.assigned).toBe(2);
    expect(first.labels.map((l) => [l.size, l.copies])).toEqual([
      ["44", 2],
      ["45", 4],
      ["46", 1],
    ]);
    expect(first.labels[0]).toMatchObject({ reference_code: "ADIDASSU-02", barcode: "9780201379624" });
    const internal = first.labels.slice(1).map((l) => l.barcode);
    for (const code of internal) {
      expect(code).toMatch(/^29\d{11}$/);
      expect(normaliseBarcode(code)).toEqual({ code });
    }
    expect(new Set(internal).size).toBe(2);
    expect(await sequence()).toBe(before + 2);
    // the code is the size's for good: the lookup finds it, a second sheet prints it again
    const found = await ok(
      (await catalogue(await login(DEMO.seller))).lookup.$get({ query: { code: internal[1] ?? "" } }),
    );
    expect(found).toMatchObject({ matched_by: "barcode", size: "46", product: { reference_code: "ADIDASSU-02" } });
    const again = await ok(labels({ items: [{ product_id: id, size: "46" }] }));
    expect(again).toMatchObject({ assigned: 0, labels: [{ barcode: internal[1] }] });
    expect(await sequence()).toBe(before + 2);
  });

  it("ten sheets at once for the same new sizes: each size gets one code, every sheet prints it, the sequence moves once", async () => {
    const id = await productId("VANSAUTH-02");
    const before = await sequence();
    const sheets = await Promise.all(
      Array.from({ length: 10 }, () =>
        labels({
          items: [
            { product_id: id, size: "47" },
            { product_id: id, size: "48" },
          ],
        }),
      ),
    );
    const codes = await Promise.all(sheets.map(async (r) => (await ok(r)).labels.map((l) => l.barcode).join(",")));
    expect(new Set(codes).size).toBe(1);
    expect(await sequence()).toBe(before + 2);
    const rows = await db().select().from(productVariants).where(eq(productVariants.productId, id));
    expect(rows.filter((r) => r.size === "47" || r.size === "48").map((r) => r.barcode)).toEqual(codes[0]?.split(","));
  });

  it("two products' sheets at once never share a code", async () => {
    const [a, b] = [await productId("CONVERSE-02"), await productId("NIKEAIRM-02")];
    const [la, lb] = await Promise.all([a, b].map((id) => ok(labels({ items: [{ product_id: id, size: "49" }] }))));
    expect(la?.labels[0]?.barcode).not.toBe(lb?.labels[0]?.barcode);
  });

  it("warehouse keepers print too; sellers, couriers and the boss are refused (403); bad input 422; another company's product 404", async () => {
    const id = await productId("CONVERSE-02");
    await ok(labels({ items: [{ product_id: id, size: "40" }] }, await login(DEMO.bodeguero)));
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      labels({ items: [{ product_id: id, size: "40" }] }, token),
    );
    const token = await admin();
    await expectError(
      await api(`${P}/labels`, { method: "POST", token, json: { items: [] } }),
      422,
      "Indica al menos una talla para imprimir",
    );
    await expectError(
      await api(`${P}/labels`, { method: "POST", token, json: { items: [{ product_id: id, size: "40", copies: 0 }] } }),
      422,
      /copias/,
    );
    const other = await productId("NIKEAIRM-01", otherCompanyId);
    const before = await sequence();
    await expectError(await labels({ items: [{ product_id: other, size: "40" }] }), 404);
    expect(await sequence()).toBe(before);
  });
});

describe("GET /api/v1/products/lookup", () => {
  it("finds a product by barcode (with its size), by SKU or by reference code, with price and stock everywhere", async () => {
    const id = await productId("CONVERSE-01");
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, id));
    assert(variant?.barcode && variant.sku, "CONVERSE-01 has box barcodes and SKUs");
    const lookup = (await catalogue(await login(DEMO.seller))).lookup;
    const found = await ok(lookup.$get({ query: { code: variant.barcode } }));
    expect(found).toMatchObject({
      matched_by: "barcode",
      size: variant.size,
      product: { reference_code: "CONVERSE-01" },
    });
    expect(found.product).not.toHaveProperty("cost_price");
    expect(found.product.is_active).toBe(true);
    // the stock block is the ledger's: every pair of that size at the company's active locations
    const cells = await db()
      .select({ pairs: inventory.pairs, active: locations.isActive })
      .from(inventory)
      .innerJoin(locations, eq(locations.id, inventory.locationId))
      .where(and(eq(inventory.productId, id), eq(inventory.size, variant.size)));
    const activePairs = cells.filter((c) => c.active).reduce((sum, c) => sum + c.pairs, 0);
    expect(activePairs).toBeGreaterThan(0);
    expect(found.availability.sizes.detailed_by_size[variant.size]?.global_distribution.total_pairs).toBe(activePairs);

    const bySku = await ok(lookup.$get({ query: { code: variant.sku } }));
    expect(bySku.matched_by).toBe("sku");
    const byRef = await ok(lookup.$get({ query: { code: "converse-01" } }));
    expect(byRef).toMatchObject({ matched_by: "reference_code", size: null });
    expect(byRef.availability).toEqual(found.availability);
    // every kind of code is found whatever its letter case
    const bySkuLower = await ok(lookup.$get({ query: { code: variant.sku.toLowerCase() } }));
    expect(bySkuLower).toMatchObject({ matched_by: "sku", size: variant.size, product: { id } });
  });

  it("finds a Code 128 barcode and a SKU typed in other letter case", async () => {
    const id = await productId("VANSAUTH-01");
    await ok(putVariants(id, { variants: [{ size: "52", barcode: "Vans-Caja-52", sku: "VA-Sku-52" }] }));
    const lookup = (await catalogue(await login(DEMO.seller))).lookup;
    expect(await ok(lookup.$get({ query: { code: "VANS-CAJA-52" } }))).toMatchObject({
      matched_by: "barcode",
      size: "52",
      product: { id },
    });
    expect(await ok(lookup.$get({ query: { code: "va-sku-52" } }))).toMatchObject({
      matched_by: "sku",
      size: "52",
      product: { id },
    });
  });

  it("answers 404 'Código no encontrado' for an unknown code or another company's, 422 without a code", async () => {
    const token = await login(DEMO.seller);
    await expectError(await api(`${P}/lookup?code=0000000000000`, { token }), 404, "Código no encontrado");
    const [otherVariant] = await (await dbOf(otherCompanyId))
      .select()
      .from(productVariants)
      .where(eq(productVariants.companyId, otherCompanyId))
      .limit(1);
    await expectError(await api(`${P}/lookup?code=${otherVariant?.barcode}`, { token }), 404, "Código no encontrado");
    await expectError(await api(`${P}/lookup`, { token }), 422);
    await expectError(await api(`${P}/lookup?code=`, { token }), 422, /código/);
    await expectError(await api(`${P}/lookup?code=X`), 401);
  });
});
