import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, inventory, locations, productEmbeddings, products } from "../../../worker/db/schema";
import { COLOUR_BINS } from "../../../worker/domain/scan/colour";
import { DEFAULT_MODEL, modelOf } from "../../../worker/domain/scan/matching";
import {
  api,
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
  platform,
} from "../support/helpers";

const DIMS = modelOf(DEFAULT_MODEL).embeddingSize;
/** The classify routes as typed calls. */
const classify = (token: string) => client(token).classify;
function unit(seed: number): number[] {
  let x = seed;
  const v = Array.from({ length: DIMS }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648 - 0.5;
  });
  const n = Math.hypot(...v);
  return v.map((a) => a / n);
}
const near = (v: number[], noise: number, seed: number) => {
  const e = unit(seed);
  return v.map((a, i) => a + noise * (e[i] ?? 0));
};

let airMax = 0;
let cortez = 0;
let centro = 0;
let principal = 0;

async function setCell(
  productId: number,
  locationId: number,
  size: string,
  values: { pairs?: number; leftFeet?: number; rightFeet?: number },
) {
  const [company] = await db().select({ id: products.companyId }).from(products).where(eq(products.id, productId));
  await db()
    .insert(inventory)
    .values({
      companyId: company?.id ?? 0,
      productId,
      locationId,
      size,
      pairs: 0,
      leftFeet: 0,
      rightFeet: 0,
      ...values,
    })
    .onConflictDoUpdate({
      target: [inventory.productId, inventory.locationId, inventory.size],
      set: { pairs: 0, leftFeet: 0, rightFeet: 0, ...values },
    });
}

beforeAll(async () => {
  airMax = (await db().select().from(products).where(eq(products.referenceCode, "NIKEAIRM-01")))[0]?.id ?? 0;
  cortez = (await db().select().from(products).where(eq(products.referenceCode, "NIKECORT-01")))[0]?.id ?? 0;
  centro = (await db().select().from(locations).where(eq(locations.name, "Local Centro")))[0]?.id ?? 0;
  principal = (await db().select().from(locations).where(eq(locations.name, "Bodega Principal")))[0]?.id ?? 0;
});

describe("enrolment and catalogue", () => {
  it("answers an empty catalogue, then enrols references and serves them quantised with an ETag", async () => {
    const admin = await login(DEMO.administrador);
    const empty = await ok(classify(admin).catalog.$get({ query: {} }));
    expect(empty.count).toBe(0);
    const enrol = await api(`/api/v1/classify/enroll/${airMax}`, {
      method: "POST",
      token: admin,
      json: { model_id: DEFAULT_MODEL, vectors: [unit(1), near(unit(1), 0.3, 2)] },
    });
    expect(enrol.status).toBe(201);
    expect(await enrol.json()).toMatchObject({ references_stored: 2 });
    expect(
      (await api(`/api/v1/classify/enroll/${cortez}`, { method: "POST", token: admin, json: { vectors: [unit(50)] } }))
        .status,
    ).toBe(201);
    const seller = await login(DEMO.seller);
    const res = await classify(seller).catalog.$get({ query: {} });
    const body = await ok(res);
    expect(body).toMatchObject({ count: 3, dims: DIMS });
    expect(atob(body.vectors).length).toBe(3 * DIMS);
    const enrolled = body.products.filter((p) => p.has_references).map((p) => p.product_id);
    expect(enrolled.sort()).toEqual([airMax, cortez].sort());
    const etag = res.headers.get("ETag") ?? "";
    expect((await api("/api/v1/classify/catalog", { token: seller, headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );
    // re-enrolment replaces a product's references
    await api(`/api/v1/classify/enroll/${cortez}`, { method: "POST", token: admin, json: { vectors: [unit(51)] } });
    expect((await ok(classify(seller).catalog.$get({ query: {} }))).count).toBe(3);
  });

  it("lists every active product, with or without references, with its box codes; a code edit changes the ETag", async () => {
    const admin = await login(DEMO.administrador);
    const seller = await login(DEMO.seller);
    const [own] = await db().select({ company: products.companyId }).from(products).where(eq(products.id, airMax));
    const [plain] = await db()
      .select({ id: products.id, ref: products.referenceCode })
      .from(products)
      .where(
        and(
          eq(products.companyId, own?.company ?? 0),
          eq(products.isActive, true),
          sql`${products.id} NOT IN (${airMax}, ${cortez})`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    if (!plain) throw new Error("sin producto de prueba");
    const before = await classify(seller).catalog.$get({ query: {} });
    const first = await ok(before);
    const listed = first.products.find((p) => p.product_id === plain.id);
    expect(listed).toMatchObject({ reference_code: plain.ref, has_references: false });
    expect(first.product_ids).not.toContain(plain.id);
    const etag = before.headers.get("ETag") ?? "";

    // an existing size gets new codes: same number of variants, a newer updated_at
    const saved = await api(`/api/v1/products/${plain.id}/variants`, {
      method: "PUT",
      token: admin,
      json: { variants: [{ size: "41", barcode: "7701234567897", sku: "SEARCH-41" }] },
    });
    expect(saved.status).toBe(200);
    const after = await api("/api/v1/classify/catalog", { token: seller, headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    const second = (await after.json()) as typeof first;
    expect(second.products.find((p) => p.product_id === plain.id)?.variants).toContainEqual({
      size: "41",
      barcode: "7701234567897",
      sku: "SEARCH-41",
    });
  });

  it("stores 32 references with their colours in one enrolment (D1 binds at most 100 values per statement)", async () => {
    const admin = await login(DEMO.administrador);
    const many = Array.from({ length: 32 }, (_, i) => unit(100 + i));
    const colours = many.map((_, i) =>
      Array.from({ length: COLOUR_BINS }, (_, bin) => (bin === i % COLOUR_BINS ? 1 : 0)),
    );
    const res = await api(`/api/v1/classify/enroll/${cortez}`, {
      method: "POST",
      token: admin,
      json: { vectors: many, colours, sources: many.map(() => "video_frame") },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ references_stored: 32 });
    await api(`/api/v1/classify/enroll/${cortez}`, { method: "POST", token: admin, json: { vectors: [unit(51)] } });
  });

  it("refuses a wrong size, an unknown model, another company's product and non-admin roles", async () => {
    const admin = await login(DEMO.administrador);
    await expectError(
      await api(`/api/v1/classify/enroll/${airMax}`, { method: "POST", token: admin, json: { vectors: [[1, 2, 3]] } }),
      422,
      new RegExp(`${DIMS} valores`),
    );
    await expectError(
      await api(`/api/v1/classify/enroll/${airMax}`, {
        method: "POST",
        token: admin,
        json: { model_id: "resnet", vectors: [unit(3)] },
      }),
      422,
      /desconocido/,
    );
    await expectError(
      await api(`/api/v1/classify/enroll/${airMax}`, {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        json: { vectors: [unit(3)] },
      }),
      404,
    );
    await expectDenied(["seller", "boss", "bodeguero"], (token) =>
      api(`/api/v1/classify/enroll/${airMax}`, { method: "POST", token, json: { vectors: [unit(3)] } }),
    );
  });
});

describe("POST /api/v1/classify/scan", () => {
  it("ranks the photographed product first and reports its stock here and everywhere", async () => {
    await setCell(airMax, centro, "40", { pairs: 0, leftFeet: 1 });
    await setCell(airMax, principal, "40", { pairs: 3, rightFeet: 2 });
    await setCell(airMax, centro, "41", { pairs: 2 });
    const seller = await login(DEMO.seller);
    const body = await ok(
      classify(seller).scan.$post({
        form: { image: jpeg(), embedding: JSON.stringify(near(unit(1), 0.2, 9)), model_id: DEFAULT_MODEL },
      }),
    );
    expect(body.success).toBe(true);
    expect(body.classification_service).toMatchObject({ model: DEFAULT_MODEL, references_compared: 3 });
    const first = body.results.matches[0];
    expect(first?.product.product_id).toBe(airMax);
    expect(first?.similarity_score).toBeGreaterThan(body.results.matches[1]?.similarity_score ?? 1);
    expect(first?.confidence_level).toMatch(/very_high|high/);
    const s40 = first?.sizes.detailed_by_size["40"];
    expect(s40?.local_availability.summary.can_sell_now).toBe(false);
    expect(s40?.local_availability.individual_feet).toMatchObject({
      left: { quantity: 1 },
      can_form_pair: false,
      missing: "right",
    });
    const [others] = await db()
      .select({ n: sql<number>`COALESCE(SUM(pairs - reserved_pairs), 0)` })
      .from(inventory)
      .where(and(eq(inventory.productId, airMax), eq(inventory.size, "40")));
    expect(s40?.global_distribution.total_pairs).toBe(Number(others?.n));
    expect(first?.sizes.detailed_by_size["41"]?.local_availability.pairs.quantity_available_sale).toBe(2);
    const formation = first?.pair_formation_opportunities.find((f) => f.size === "40");
    expect(formation?.from_locations).toContainEqual(
      expect.objectContaining({ location_name: "Bodega Principal", type: "right" }),
    );
    expect(first?.transfer_suggestions.filter((t) => t.size === "40").map((t) => t.location_name)).toContain(
      "Bodega Principal",
    );
    expect(first?.transfer_suggestions.filter((t) => t.size === "41")).toEqual([]);
  });

  it("falls back to a reference code search without an embedding, and 422 with neither", async () => {
    const seller = await login(DEMO.seller);
    const byCode = await ok(classify(seller).scan.$post({ form: { reference_code: "NIKECORT" } }));
    expect(byCode.results.matches.map((m) => m.product.reference_code)).toEqual(["NIKECORT-01", "NIKECORT-02"]);
    await expectError(
      await api("/api/v1/classify/scan", { method: "POST", token: seller, body: form({ image: jpeg() }) }),
      422,
      /huella visual/,
    );
    await expectError(
      await api("/api/v1/classify/scan", {
        method: "POST",
        token: seller,
        body: form({ embedding: JSON.stringify([1, 2]) }),
      }),
      422,
      new RegExp(String(DIMS)),
    );
    const pdf = new File([new TextEncoder().encode("%PDF-1.4")], "x.jpg", { type: "image/jpeg" });
    await expectError(
      await api("/api/v1/classify/scan", {
        method: "POST",
        token: seller,
        body: form({ image: pdf, embedding: JSON.stringify(unit(1)) }),
      }),
      415,
    );
    await expectError(
      await api("/api/v1/classify/scan", {
        method: "POST",
        token: seller,
        body: form({ image: jpeg(6 * 1024 * 1024), embedding: JSON.stringify(unit(1)) }),
      }),
      413,
    );
  });

  it("never matches another company's catalogue; couriers and keepers cannot scan", async () => {
    const other = await login(DEMO.otherSeller);
    const res = await ok(classify(other).scan.$post({ form: { embedding: JSON.stringify(unit(1)) } }));
    expect(res.results.total_matches).toBe(0);
    await expectDenied(["corredor", "bodeguero", "boss"], (token) =>
      api("/api/v1/classify/scan", { method: "POST", token, body: form({ reference_code: "X" }) }),
    );
    const [cell] = await db()
      .select()
      .from(inventory)
      .where(and(eq(inventory.productId, airMax), eq(inventory.locationId, centro), eq(inventory.size, "41")));
    expect(cell?.pairs).toBe(2);
  });

  it("orders colourways of one model by the photo's colour; without it, by shape as before", async () => {
    const admin = await login(DEMO.administrador);
    const sibling = (await db().select().from(products).where(eq(products.referenceCode, "NIKECORT-02")))[0]?.id ?? 0;
    const hist = (bin: number) => Array.from({ length: COLOUR_BINS }, (_, i) => (i === bin ? 1 : 0));
    const [red, blue] = [hist(0), hist(8)];
    // the same silhouette (shape scores within the margin), two colours
    await api(`/api/v1/classify/enroll/${cortez}`, {
      method: "POST",
      token: admin,
      json: { vectors: [unit(7)], colours: [red] },
    });
    await api(`/api/v1/classify/enroll/${sibling}`, {
      method: "POST",
      token: admin,
      json: { vectors: [near(unit(7), 0.05, 8)], colours: [blue] },
    });
    const seller = await login(DEMO.seller);
    const catalogue = await ok(classify(seller).catalog.$get({ query: {} }));
    expect(catalogue.colour_bins).toBe(COLOUR_BINS);
    expect([...catalogue.colour_product_ids].sort()).toEqual([cortez, sibling].sort());
    expect(atob(catalogue.colours).length).toBe(2 * COLOUR_BINS);
    const scan = async (colour?: number[]) =>
      (
        await ok(
          classify(seller).scan.$post({
            form: {
              embedding: JSON.stringify(near(unit(7), 0.02, 9)),
              ...(colour ? { colour: JSON.stringify(colour) } : {}),
            },
          }),
        )
      ).results.matches.map((m) => m.product.product_id);
    expect((await scan(blue)).slice(0, 2)).toEqual([sibling, cortez]);
    expect((await scan(red)).slice(0, 2)).toEqual([cortez, sibling]);
    // an old client: shape alone (the query is a hair closer to cortez)
    expect((await scan()).slice(0, 2)).toEqual([cortez, sibling]);
    await expectError(
      await api("/api/v1/classify/scan", {
        method: "POST",
        token: seller,
        body: form({ embedding: JSON.stringify(unit(7)), colour: JSON.stringify([1, 2]) }),
      }),
      422,
      /color/,
    );
    await expectError(
      await api(`/api/v1/classify/enroll/${cortez}`, {
        method: "POST",
        token: admin,
        json: { vectors: [unit(7)], colours: [[0.5]] },
      }),
      422,
      /histograma/,
    );
    // back to the catalogue the other tests expect
    await db().delete(productEmbeddings).where(eq(productEmbeddings.productId, sibling));
    await api(`/api/v1/classify/enroll/${cortez}`, { method: "POST", token: admin, json: { vectors: [unit(51)] } });
  });
});

// Enrolment status (formerly scan-enrolment.test.ts): scoped, since its setup retires a product.
describe("classify enrolment status", () => {
  const OLD_MODEL = "mobilenet_v1_0.75_224";

  function unit(dims: number, hot: number): number[] {
    return Array.from({ length: dims }, (_, i) => (i === hot % dims ? 1 : 0));
  }

  /** The enrolment status; a superuser names the company. */
  async function status(token: string, query: { model_id?: string } = {}, companyId?: number) {
    const named = companyId === undefined ? {} : { query: { company_id: String(companyId) } };
    return ok(client(token, named).classify.enrolment.$get({ query }));
  }

  async function enrol(token: string, productId: number, modelId: string) {
    const res = await api(`/api/v1/classify/enroll/${productId}`, {
      method: "POST",
      token,
      json: { model_id: modelId, vectors: [unit(modelOf(modelId).embeddingSize, productId)] },
    });
    expect(res.status).toBe(201);
  }

  let demoId = 0;
  let otraId = 0;
  /** Demo's active products in the endpoint's order (brand, model, code). */
  let active: (typeof products.$inferSelect)[] = [];

  beforeAll(async () => {
    demoId = (await db().select().from(companies).where(eq(companies.subdomain, "demo")))[0]?.id ?? 0;
    otraId = (await platform().select().from(companies).where(eq(companies.subdomain, "otra")))[0]?.id ?? 0;
    const all = await db()
      .select()
      .from(products)
      .where(eq(products.companyId, demoId))
      .orderBy(asc(products.brand), asc(products.model), asc(products.referenceCode));
    expect(all.length).toBeGreaterThanOrEqual(5);
    // one product retired, one with a photo and a video of its own
    const [retired, withMedia] = [all[all.length - 1], all[1]];
    await db()
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, retired?.id ?? 0));
    await db()
      .update(products)
      .set({ imageKey: `company/${demoId}/products/foto.jpg`, videoKey: `company/${demoId}/videos/video.webm` })
      .where(eq(products.id, withMedia?.id ?? 0));
    active = await db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, demoId), eq(products.isActive, true)))
      .orderBy(asc(products.brand), asc(products.model), asc(products.referenceCode));
    // the scan tests above enrolled some products; this suite starts from none
    await db().delete(productEmbeddings);
  });

  describe("GET /api/v1/classify/enrolment", () => {
    it("lists every active product as missing before any enrolment, with its photo and video", async () => {
      const body = await status(await login(DEMO.administrador));
      expect(body.model_id).toBe(DEFAULT_MODEL);
      expect(body.total_products).toBe(active.length);
      expect(body.enrolled_products).toBe(0);
      expect(body.missing.map((m) => m.product_id)).toEqual(active.map((p) => p.id));
      const withMedia = body.missing.find((m) => m.video_url !== null);
      expect(withMedia).toEqual({
        product_id: active[1]?.id,
        reference_code: active[1]?.referenceCode,
        brand: active[1]?.brand,
        model: active[1]?.model,
        color: active[1]?.color ?? null,
        image_url: `/api/v1/files/company/${demoId}/products/foto.jpg`,
        video_url: `/api/v1/files/company/${demoId}/videos/video.webm`,
        references_other_models: [],
      });
    });

    it("drops the products enrolled for the model and names the older models the others have", async () => {
      const admin = await login(DEMO.administrador);
      const [a, b, c, d] = active;
      if (!a || !b || !c || !d) throw new Error("demo data");
      // a: current model only; b: old then current (re-enrolled); c and d: only the old model
      await enrol(admin, a.id, DEFAULT_MODEL);
      await enrol(admin, b.id, OLD_MODEL);
      await enrol(admin, b.id, DEFAULT_MODEL);
      await enrol(admin, c.id, OLD_MODEL);
      await enrol(admin, d.id, OLD_MODEL);
      // references of the retired product do not make it count
      const retired = (
        await db()
          .select()
          .from(products)
          .where(and(eq(products.companyId, demoId), eq(products.isActive, false)))
      )[0];
      if (!retired) throw new Error("demo data");
      await enrol(admin, retired.id, DEFAULT_MODEL);

      const current = await status(admin);
      expect(current).toMatchObject({ model_id: DEFAULT_MODEL, total_products: active.length, enrolled_products: 2 });
      expect(current.missing.map((m) => m.product_id)).toEqual(active.slice(2).map((p) => p.id));
      expect(current.missing.slice(0, 2).map((m) => m.references_other_models)).toEqual([[OLD_MODEL], [OLD_MODEL]]);
      expect(current.missing.slice(2).every((m) => m.references_other_models.length === 0)).toBe(true);

      const old = await status(admin, { model_id: OLD_MODEL });
      expect(old).toMatchObject({ model_id: OLD_MODEL, total_products: active.length, enrolled_products: 3 });
      expect(old.missing.map((m) => m.product_id)).toEqual([a.id, ...active.slice(4).map((p) => p.id)]);
      expect(old.missing[0]?.references_other_models).toEqual([DEFAULT_MODEL]);
    });

    it("lets the superuser read a company's status with company_id", async () => {
      const body = await status(await login(DEMO.superuser), {}, demoId);
      expect(body.total_products).toBe(active.length);
      expect(body.enrolled_products).toBe(2);
    });

    it("refuses an unknown model id with 422", async () => {
      const admin = await login(DEMO.administrador);
      for (const id of ["resnet50", "constructor", ""]) {
        await expectError(
          await api(`/api/v1/classify/enrolment?model_id=${id}`, { token: admin }),
          422,
          /Modelo de clasificación desconocido/,
        );
      }
    });

    it("refuses the roles that cannot enrol", async () => {
      await expectDenied(["seller", "bodeguero", "corredor", "boss"], (token) =>
        api("/api/v1/classify/enrolment", { token }),
      );
      expect((await api("/api/v1/classify/enrolment")).status).toBe(401);
    });

    it("shows another company's admin only that company's products", async () => {
      const body = await status(await login(DEMO.otherAdmin));
      const theirs = await (await dbOf(otraId))
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, otraId), eq(products.isActive, true)));
      expect(theirs.length).toBeGreaterThan(0);
      expect(body.total_products).toBe(theirs.length);
      expect(body.enrolled_products).toBe(0);
      const demoIds = new Set(active.map((p) => p.id));
      expect(body.missing.filter((m) => demoIds.has(m.product_id))).toEqual([]);
      expect(body.missing.map((m) => m.product_id).sort()).toEqual(theirs.map((p) => p.id).sort());
      expect(JSON.stringify(body)).not.toContain(`company/${demoId}/`);
    });
  });
});
