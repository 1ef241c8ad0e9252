import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { inventory, productEmbeddings, products, productVariants } from "../../../worker/db/schema";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
import {
  api,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  form,
  jpeg,
  locationNamed,
  login,
  ok,
} from "../support/helpers";

const BASE = "/api/v1/admin/admin";

function webm(bytes = 4096): File {
  const data = new Uint8Array(bytes);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

describe("inventory entry by video", () => {
  const distribution = (a: number, b: number) => [
    {
      size: "40",
      pairs: [
        { location_id: a, quantity: 3 },
        { location_id: b, quantity: 2 },
      ],
      left_feet: [{ location_id: a, quantity: 1 }],
      right_feet: [{ location_id: b, quantity: 1 }],
    },
    {
      size: "41",
      pairs: [
        { location_id: a, quantity: 0 },
        { location_id: null, quantity: 4 },
        { location_id: b, quantity: 1 },
      ],
    },
  ];

  it("creates the product with a generated code, stores video and photo, and puts the stock with ledger rows", async () => {
    const token = await login(DEMO.administrador);
    const principal = await locationNamed("Bodega Principal");
    const centro = await locationNamed("Local Centro");
    const inventory$ = client(token).admin.admin.inventory;
    const body = await ok(
      inventory$["video-entry-distributed"].$post({
        form: {
          product_brand: "Puma",
          product_model: "Suede Classic",
          unit_price: "389900",
          box_price: "3500000",
          notes: "Lote de prueba",
          sizes_distribution_json: JSON.stringify(distribution(principal.id, centro.id)),
          video_file: webm(),
          reference_image: jpeg(),
          embeddings_json: JSON.stringify({
            model_id: "mobilenet_v1_0.75_224",
            vectors: [Array.from({ length: 768 }, (_, i) => (i % 7) / 100)],
          }),
        },
      }),
      201,
    );
    expect(body.reference_code).toMatch(/^PUMA-SUEDEC-[0-9A-Z]{4}$/);
    expect(body.total_shoes).toBe((3 + 2 + 1) * 2 + 1 + 1);
    expect(body.locations_count).toBe(2);
    expect(body.distribution_summary).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          location_name: "Bodega Principal",
          total_pairs: 3,
          total_left_feet: 1,
          total_right_feet: 0,
        }),
        expect.objectContaining({
          location_name: "Local Centro",
          total_pairs: 3,
          total_left_feet: 0,
          total_right_feet: 1,
        }),
      ]),
    );
    expect(body.processing_time_seconds).toBeGreaterThanOrEqual(0);
    const video = await api(body.video_url, { token });
    expect(video.headers.get("Content-Type")).toBe("video/webm");
    const cells = await db().select().from(inventory).where(eq(inventory.productId, body.product_id));
    expect(cells.find((c) => c.locationId === centro.id && c.size === "41")?.pairs).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(
      await db().select().from(productEmbeddings).where(eq(productEmbeddings.productId, body.product_id)),
    ).toHaveLength(1);

    // A second entry with the same code adds stock to the same product.
    const again = await ok(
      inventory$["video-entry-distributed"].$post({
        form: {
          product_brand: "Puma",
          product_model: "Suede Classic",
          unit_price: "399900",
          reference_code: body.reference_code,
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: centro.id, quantity: 2 }] }]),
          video_file: webm(),
        },
      }),
      201,
    );
    expect(again.product_id).toBe(body.product_id);
    const [cell] = await db()
      .select()
      .from(inventory)
      .where(
        and(eq(inventory.productId, body.product_id), eq(inventory.locationId, centro.id), eq(inventory.size, "40")),
      );
    expect(cell?.pairs).toBe(4);
  });

  it("refuses unbalanced feet, a 0 price, no video, a text file as video and a location of another company, storing nothing", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const theirs = await locationNamed("Otra Tienda Medellín");
    const before = await db().select().from(products);
    const videosBefore = await env.FILES.list({ prefix: `company/${centro.companyId}/videos/` });
    const entry = (fields: Record<string, string | Blob>) =>
      api(`${BASE}/inventory/video-entry-distributed`, {
        method: "POST",
        token,
        body: form({
          product_brand: "Fila",
          product_model: "Disruptor",
          unit_price: "300000",
          video_file: webm(),
          ...fields,
        }),
      });
    await expectError(
      await entry({
        sizes_distribution_json: JSON.stringify([
          {
            size: "39",
            left_feet: [{ location_id: centro.id, quantity: 2 }],
            right_feet: [{ location_id: centro.id, quantity: 1 }],
          },
        ]),
      }),
      422,
      "Error en talla 39: Pies izquierdos (2) debe ser igual a pies derechos (1)",
    );
    const ok = JSON.stringify([{ size: "39", pairs: [{ location_id: centro.id, quantity: 1 }] }]);
    await expectError(
      await entry({ sizes_distribution_json: ok, unit_price: "0" }),
      422,
      "Por favor ingresa un precio unitario válido",
    );
    await expectError(
      await entry({
        sizes_distribution_json: JSON.stringify([{ size: "39", pairs: [{ location_id: centro.id, quantity: 0 }] }]),
      }),
      422,
      "Por favor ingresa al menos una talla con distribución válida",
    );
    const noVideo = form({
      product_brand: "Fila",
      product_model: "Disruptor",
      unit_price: "300000",
      sizes_distribution_json: ok,
    });
    await expectError(
      await api(`${BASE}/inventory/video-entry-distributed`, { method: "POST", token, body: noVideo }),
      422,
      "No se encontró el archivo de video",
    );
    const text = new File([new TextEncoder().encode("no soy un video")], "video.webm", { type: "video/webm" });
    await expectError(
      await entry({ sizes_distribution_json: ok, video_file: text }),
      415,
      "El video debe ser WebM o MP4",
    );
    await expectError(
      await entry({
        sizes_distribution_json: JSON.stringify([{ size: "39", pairs: [{ location_id: theirs.id, quantity: 1 }] }]),
      }),
      404,
    );
    await expectError(await entry({ sizes_distribution_json: "[{" }), 422, /JSON válido/);
    expect(await db().select().from(products)).toHaveLength(before.length);
    const videos = await env.FILES.list({ prefix: `company/${centro.companyId}/videos/` });
    expect(videos.objects.length).toBe(videosBefore.objects.length);
  });

  it("a reference code is one of the company's codes: another product's barcode or SKU is 409 naming it, storing nothing; another letter case adds to the product that has it", async () => {
    const token = await login(DEMO.administrador);
    const centro = await locationNamed("Local Centro");
    const entry = (reference_code: string) =>
      api(`${BASE}/inventory/video-entry-distributed`, {
        method: "POST",
        token,
        body: form({
          product_brand: "Fila",
          product_model: "Disruptor",
          unit_price: "300000",
          reference_code,
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: centro.id, quantity: 1 }] }]),
          video_file: webm(),
        }),
      });
    const [converse] = await db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, centro.companyId), eq(products.referenceCode, "CONVERSE-01")));
    assert(converse, "CONVERSE-01 is in the demo catalogue");
    const [variant] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, converse.id), eq(productVariants.size, "40")));
    assert(variant?.sku && variant.barcode, "CONVERSE-01 talla 40 has box codes");
    const before = await db().select().from(products);
    const stockBefore = await db().select().from(inventory).where(eq(inventory.productId, converse.id));
    await expectError(
      await entry(variant.sku.toLowerCase()),
      409,
      `El código ${variant.sku.toLowerCase()} ya es de Converse Chuck 70 Low (referencia CONVERSE-01, talla 40)`,
    );
    await expectError(
      await entry(variant.barcode),
      409,
      /ya es de Converse Chuck 70 Low \(referencia CONVERSE-01, talla 40\)/,
    );
    expect(await db().select().from(products)).toHaveLength(before.length);
    expect(await db().select().from(inventory).where(eq(inventory.productId, converse.id))).toEqual(stockBefore);

    const again = await ok(
      client(token).admin.admin.inventory["video-entry-distributed"].$post({
        form: {
          product_brand: "Converse",
          product_model: "Chuck 70 Low",
          unit_price: "369900",
          reference_code: "converse-01",
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: centro.id, quantity: 1 }] }]),
          video_file: webm(),
        },
      }),
      201,
    );
    expect(again).toMatchObject({ created: false, product_id: converse.id, reference_code: "CONVERSE-01" });
    expect(await db().select().from(products)).toHaveLength(before.length);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("uploads a large video in parts through R2 multipart and uses it for an entry", async () => {
    const token = await login(DEMO.administrador);
    const uploads = client(token).admin.admin.inventory["video-uploads"];
    const { key, upload_id, part_size } = await ok(
      uploads.$post({ json: { content_type: "video/webm", size: 6 * 1024 * 1024 } }),
      201,
    );
    expect(part_size).toBe(10 * 1024 * 1024);
    const first = new Uint8Array(5 * 1024 * 1024);
    first.set([0x1a, 0x45, 0xdf, 0xa3]);
    const second = new Uint8Array(1024 * 1024);
    const parts = [];
    for (const [i, chunk] of [first, second].entries()) {
      // a raw body: the typed client sends it as the request's own body
      const res = uploads.parts.$put(
        { query: { key, upload_id, part_number: String(i + 1) } },
        { headers: { "Content-Type": "application/octet-stream" }, init: { body: chunk } },
      );
      parts.push(await ok(res));
    }
    const done = await ok(uploads.complete.$post({ json: { key, upload_id, parts } }));
    expect(done.size).toBe(6 * 1024 * 1024);
    const centro = await locationNamed("Local Centro");
    const entry = await api(`${BASE}/inventory/video-entry-distributed`, {
      method: "POST",
      token,
      body: form({
        product_brand: "Nike",
        product_model: "Blazer",
        unit_price: "450000",
        video_key: key,
        sizes_distribution_json: JSON.stringify([{ size: "42", pairs: [{ location_id: centro.id, quantity: 2 }] }]),
      }),
    });
    expect(entry.status).toBe(201);
    // Another company cannot use or touch that upload.
    await expectError(
      await api(`${BASE}/inventory/video-entry-distributed`, {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        body: form({
          product_brand: "X",
          product_model: "Y",
          unit_price: "1",
          video_key: key,
          sizes_distribution_json: "[]",
        }),
      }),
      422,
    );
  });

  it("refuses a 600 MB video (413), a wrong type (415) and a first part that is not a video (415)", async () => {
    const token = await login(DEMO.administrador);
    await expectError(
      await api(`${BASE}/inventory/video-uploads`, {
        method: "POST",
        token,
        json: { content_type: "video/webm", size: 600 * 1024 * 1024 },
      }),
      413,
      "El video es demasiado grande. Máximo 500MB",
    );
    await expectError(
      await api(`${BASE}/inventory/video-uploads`, {
        method: "POST",
        token,
        json: { content_type: "text/plain", size: 10 },
      }),
      422,
      "El video debe ser WebM o MP4",
    );
    const start = await ok(
      client(token).admin.admin.inventory["video-uploads"].$post({ json: { content_type: "video/mp4", size: 100 } }),
      201,
    );
    const bad = await api(
      `${BASE}/inventory/video-uploads/parts?key=${encodeURIComponent(start.key)}&upload_id=${encodeURIComponent(start.upload_id)}&part_number=1`,
      {
        method: "PUT",
        token,
        body: new TextEncoder().encode("hola mundo, no soy mp4"),
      },
    );
    await expectError(bad, 415);
    await expectError(
      await api(`${BASE}/inventory/video-uploads/parts?key=company/999/videos/x.webm&upload_id=abc&part_number=1`, {
        method: "PUT",
        token,
        body: new Uint8Array(10),
      }),
      404,
    );
  });

  it("is refused to the seller and the boss", async () => {
    await expectDenied(["seller", "boss", "bodeguero"], (token) =>
      api(`${BASE}/inventory/video-entry-distributed`, { method: "POST", token, body: form({}) }),
    );
  });
});
