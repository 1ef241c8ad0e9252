import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, productEmbeddings, products } from "../../worker/db/schema";
import { DEFAULT_MODEL, modelOf } from "../../worker/domain/scan";
import type { EnrolmentStatus } from "../../worker/domain/scan-enrolment";
import { api, DEMO, db, expectDenied, expectError, login } from "./helpers";

const OLD_MODEL = "mobilenet_v1_0.75_224";

function unit(dims: number, hot: number): number[] {
  return Array.from({ length: dims }, (_, i) => (i === hot % dims ? 1 : 0));
}

type Status = EnrolmentStatus;

async function status(token: string, query = "") {
  const res = await api(`/api/v1/classify/enrolment${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Status;
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
  otraId = (await db().select().from(companies).where(eq(companies.subdomain, "otra")))[0]?.id ?? 0;
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
  // the test seed enrols nothing
  expect(await db().select().from(productEmbeddings)).toEqual([]);
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

    const old = await status(admin, `?model_id=${OLD_MODEL}`);
    expect(old).toMatchObject({ model_id: OLD_MODEL, total_products: active.length, enrolled_products: 3 });
    expect(old.missing.map((m) => m.product_id)).toEqual([a.id, ...active.slice(4).map((p) => p.id)]);
    expect(old.missing[0]?.references_other_models).toEqual([DEFAULT_MODEL]);
  });

  it("lets the superuser read a company's status with company_id", async () => {
    const body = await status(await login(DEMO.superuser), `?company_id=${demoId}`);
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
    const theirs = await db()
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
