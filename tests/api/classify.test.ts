import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventory, locations, products } from "../../worker/db/schema";
import { DEFAULT_MODEL, modelOf } from "../../worker/domain/scan";
import { api, DEMO, db, expectDenied, expectError, form, jpeg, login } from "./helpers";

const DIMS = modelOf(DEFAULT_MODEL).embeddingSize;
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
    const empty = (await (await api("/api/v1/classify/catalog", { token: admin })).json()) as { count: number };
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
    const res = await api("/api/v1/classify/catalog", { token: seller });
    const body = (await res.json()) as {
      count: number;
      dims: number;
      vectors: string;
      product_ids: number[];
      products: { product_id: number }[];
    };
    expect(body).toMatchObject({ count: 3, dims: DIMS });
    expect(atob(body.vectors).length).toBe(3 * DIMS);
    expect(body.products.map((p) => p.product_id).sort()).toEqual([airMax, cortez].sort());
    const etag = res.headers.get("ETag") ?? "";
    expect((await api("/api/v1/classify/catalog", { token: seller, headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );
    // re-enrolment replaces a product's references
    await api(`/api/v1/classify/enroll/${cortez}`, { method: "POST", token: admin, json: { vectors: [unit(51)] } });
    expect(((await (await api("/api/v1/classify/catalog", { token: seller })).json()) as { count: number }).count).toBe(
      3,
    );
  });

  it("stores 32 references in one enrolment (D1 binds at most 100 values per statement)", async () => {
    const admin = await login(DEMO.administrador);
    const many = Array.from({ length: 32 }, (_, i) => unit(100 + i));
    const res = await api(`/api/v1/classify/enroll/${cortez}`, {
      method: "POST",
      token: admin,
      json: { vectors: many },
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
    const res = await api("/api/v1/classify/scan", {
      method: "POST",
      token: seller,
      body: form({
        image: jpeg(),
        embedding: JSON.stringify(near(unit(1), 0.2, 9)),
        model_id: DEFAULT_MODEL,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      processing_time_ms: number;
      classification_service: { model: string; references_compared: number };
      results: {
        total_matches: number;
        matches: {
          rank: number;
          product: { product_id: number };
          confidence_level: string;
          confidence_percentage: number;
          similarity_score: number;
          sizes: {
            available_sizes: string[];
            detailed_by_size: Record<
              string,
              {
                local_availability: {
                  pairs: { quantity_available_sale: number };
                  individual_feet: { left: { quantity: number }; can_form_pair: boolean; missing: string | null };
                  summary: { can_sell_now: boolean };
                };
                global_distribution: { total_pairs: number };
              }
            >;
          };
          pair_formation_opportunities: { size: string; from_locations: { location_name: string; type: string }[] }[];
          transfer_suggestions: { size: string; location_name: string }[];
        }[];
      };
    };
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
    const byCode = (await (
      await api("/api/v1/classify/scan", { method: "POST", token: seller, body: form({ reference_code: "NIKECORT" }) })
    ).json()) as { results: { matches: { product: { reference_code: string } }[] } };
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
    const res = (await (
      await api("/api/v1/classify/scan", {
        method: "POST",
        token: other,
        body: form({ embedding: JSON.stringify(unit(1)) }),
      })
    ).json()) as { results: { total_matches: number } };
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
});
