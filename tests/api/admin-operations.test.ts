import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  discountRequests,
  inventory,
  locations,
  operatingCosts,
  productEmbeddings,
  products,
  users,
} from "../../worker/db/schema";
import { ledgerMismatches } from "../../worker/domain/stock";
import { api, DEMO, db, expectDenied, expectError, form, jpeg, login } from "./helpers";

const BASE = "/api/v1/admin/admin";
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() - 5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function loc(name: string) {
  const [row] = await db().select().from(locations).where(eq(locations.name, name));
  if (!row) throw new Error(name);
  return row;
}

function webm(bytes = 4096): File {
  const data = new Uint8Array(bytes);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

describe("costs", () => {
  it("registers costs with the spec's mapping and builds the operational dashboard", async () => {
    const token = await login(DEMO.administrador);
    const centro = await loc("Local Centro");
    const chapinero = await loc("Local Chapinero");
    const post = (json: Record<string, unknown>) => api(`${BASE}/costs`, { method: "POST", token, json });
    const rent = await post({
      location_id: centro.id,
      cost_type: "Arriendo",
      amount: 4_000_000,
      frequency: "mensual",
      description: "Arriendo local",
      end_date: plusDays(-10),
    });
    expect(rent.status).toBe(201);
    expect(await rent.json()).toMatchObject({ cost_type: "arriendo", amount: 4_000_000, frequency: "monthly" });
    const internet = await post({
      location_id: centro.id,
      cost_type: "servicios",
      category: "Internet",
      amount: 120_000,
      frequency: "mensual",
      description: "Fibra",
      end_date: plusDays(1),
    });
    expect(await internet.json()).toMatchObject({ cost_type: "servicios", category: "Internet", nature: "fijo" });
    await post({
      location_id: chapinero.id,
      cost_type: "Transporte",
      amount: 50_000,
      frequency: "semanal",
      description: "Mensajería",
      end_date: plusDays(0),
    });
    await post({
      location_id: chapinero.id,
      cost_type: "Seguros",
      amount: 1_200_000,
      frequency: "anual",
      description: "Póliza",
    });

    const dash = (await (await api(`${BASE}/costs/operational-dashboard`, { token })).json()) as {
      monthly_summary: { total_monthly_costs: number };
      summary: { total_overdue_amount: number; critical_alerts_count: number; total_locations: number };
      locations_status: { location_name: string; status: string; overdue_count: number; upcoming_count: number }[];
      upcoming_week: { description: string; days_until_due: number; label: string }[];
      critical_alerts: { description: string; days_overdue: number; priority: string }[];
    };
    // 4,000,000 + 120,000 + 50,000 × 52/12 + 1,200,000 / 12
    expect(dash.monthly_summary.total_monthly_costs).toBeCloseTo(4_000_000 + 120_000 + (50_000 * 52) / 12 + 100_000, 0);
    expect(dash.summary.total_overdue_amount).toBe(4_000_000);
    expect(dash.critical_alerts).toEqual([
      expect.objectContaining({ description: "Arriendo local", days_overdue: 10, priority: "high" }),
    ]);
    expect(dash.locations_status.find((l) => l.location_name === "Local Centro")).toMatchObject({
      status: "critical",
      overdue_count: 1,
      upcoming_count: 1,
    });
    expect(dash.locations_status.find((l) => l.location_name === "Local Chapinero")).toMatchObject({
      status: "attention",
    });
    expect(dash.upcoming_week.map((u) => u.label)).toEqual(["Hoy", "Mañana"]);

    const [rentRow] = await db().select().from(operatingCosts).where(eq(operatingCosts.description, "Arriendo local"));
    const paid = await api(`${BASE}/costs/${rentRow?.id}/pay`, { method: "POST", token });
    expect(paid.status).toBe(200);
    const [after] = await db()
      .select()
      .from(operatingCosts)
      .where(eq(operatingCosts.id, rentRow?.id ?? 0));
    expect(after?.lastPaidDate).toBe(today());
    expect(after?.endDate && after.endDate > plusDays(-10)).toBe(true);

    const list = (await (await api(`${BASE}/costs?cost_type=arriendo`, { token })).json()) as {
      costs: { cost_type: string }[];
    };
    expect(list.costs.every((c) => c.cost_type === "arriendo")).toBe(true);
  });

  it.each([
    [{ cost_type: "arriendo", amount: 1, frequency: "mensual", description: "x" }, /ubicación/i],
    [
      { location_id: 1, cost_type: "arriendo", amount: 0, frequency: "mensual", description: "x" },
      "El monto debe ser mayor a 0",
    ],
    [
      { location_id: 1, cost_type: "joyas", amount: 1, frequency: "mensual", description: "x" },
      "La categoría no es válida",
    ],
    [{ location_id: 1, cost_type: "arriendo", amount: 1, frequency: "cada rato", description: "x" }, /frecuencia/],
    [
      { location_id: 1, cost_type: "arriendo", amount: 1, frequency: "mensual", description: " " },
      "La descripción es requerida",
    ],
  ])("refuses %j with 422", async (json, message) => {
    await expectError(
      await api(`${BASE}/costs`, { method: "POST", token: await login(DEMO.administrador), json }),
      422,
      message,
    );
  });

  it("refuses another company's location (404) and other roles (403)", async () => {
    const theirs = await loc("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/costs`, {
        method: "POST",
        token: await login(DEMO.administrador),
        json: { location_id: theirs.id, cost_type: "arriendo", amount: 1, frequency: "mensual", description: "x" },
      }),
      404,
    );
    const [mine] = await db().select().from(operatingCosts).limit(1);
    if (mine)
      await expectError(
        await api(`${BASE}/costs/${mine.id}/pay`, { method: "POST", token: await login(DEMO.otherAdmin) }),
        404,
      );
    await expectDenied(["seller", "boss"], (token) => api(`${BASE}/costs/operational-dashboard`, { token }));
  });
});

describe("discount approvals", () => {
  it("lists pending requests and approves or rejects each once", async () => {
    const seller = await login(DEMO.seller);
    const ids: number[] = [];
    for (const reason of ["Aprobar", "Rechazar"]) {
      const res = await api("/api/v1/discounts/request", {
        method: "POST",
        token: seller,
        json: { amount: 10_000, reason },
      });
      ids.push(((await res.json()) as { discount_id: number }).discount_id);
    }
    const token = await login(DEMO.administrador);
    const pending = (await (await api(`${BASE}/discount-requests/pending`, { token })).json()) as {
      requests: { id: number; requester_name: string; discount_amount: number }[];
    };
    expect(pending.requests.find((r) => r.id === ids[0])).toMatchObject({
      requester_name: "Valentina Rojas",
      discount_amount: 10_000,
    });
    const approve = await api(`${BASE}/discount-requests/approve`, {
      method: "POST",
      token,
      json: { discount_request_id: ids[0], approved: true },
    });
    expect(await approve.json()).toMatchObject({ message: "Descuento aprobado exitosamente", status: "approved" });
    const reject = await api(`${BASE}/discount-requests/approve`, {
      method: "POST",
      token,
      json: { discount_request_id: ids[1], approved: false },
    });
    expect(await reject.json()).toMatchObject({
      message: "Descuento rechazado",
      status: "rejected",
      admin_notes: "Rechazado por administrador",
    });
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token,
        json: { discount_request_id: ids[0], approved: false },
      }),
      409,
    );
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token,
        json: { discount_request_id: "x", approved: true },
      }),
      422,
    );
    await expectError(
      await api(`${BASE}/discount-requests/approve`, {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        json: { discount_request_id: ids[0], approved: true },
      }),
      404,
    );
    await expectDenied(["seller", "boss"], (t) => api(`${BASE}/discount-requests/pending`, { token: t }));
  });
});

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
    const principal = await loc("Bodega Principal");
    const centro = await loc("Local Centro");
    const res = await api(`${BASE}/inventory/video-entry-distributed`, {
      method: "POST",
      token,
      body: form({
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
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      product_id: number;
      reference_code: string;
      total_shoes: number;
      locations_count: number;
      distribution_summary: {
        location_name: string;
        total_pairs: number;
        total_left_feet: number;
        total_right_feet: number;
      }[];
      processing_time_seconds: number;
      video_url: string;
      image_url: string;
    };
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
    const again = await api(`${BASE}/inventory/video-entry-distributed`, {
      method: "POST",
      token,
      body: form({
        product_brand: "Puma",
        product_model: "Suede Classic",
        unit_price: "399900",
        reference_code: body.reference_code,
        sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: centro.id, quantity: 2 }] }]),
        video_file: webm(),
      }),
    });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { product_id: number }).product_id).toBe(body.product_id);
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
    const centro = await loc("Local Centro");
    const theirs = await loc("Otra Tienda Medellín");
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

  it("uploads a large video in parts through R2 multipart and uses it for an entry", async () => {
    const token = await login(DEMO.administrador);
    const start = await api(`${BASE}/inventory/video-uploads`, {
      method: "POST",
      token,
      json: { content_type: "video/webm", size: 6 * 1024 * 1024 },
    });
    expect(start.status).toBe(201);
    const { key, upload_id, part_size } = (await start.json()) as { key: string; upload_id: string; part_size: number };
    expect(part_size).toBe(10 * 1024 * 1024);
    const first = new Uint8Array(5 * 1024 * 1024);
    first.set([0x1a, 0x45, 0xdf, 0xa3]);
    const second = new Uint8Array(1024 * 1024);
    const parts = [];
    for (const [i, chunk] of [first, second].entries()) {
      const res = await api(
        `${BASE}/inventory/video-uploads/parts?key=${encodeURIComponent(key)}&upload_id=${encodeURIComponent(upload_id)}&part_number=${i + 1}`,
        {
          method: "PUT",
          token,
          body: chunk,
          headers: { "Content-Type": "application/octet-stream" },
        },
      );
      expect(res.status).toBe(200);
      parts.push((await res.json()) as { part_number: number; etag: string });
    }
    const done = await api(`${BASE}/inventory/video-uploads/complete`, {
      method: "POST",
      token,
      json: { key, upload_id, parts },
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { size: number }).size).toBe(6 * 1024 * 1024);
    const centro = await loc("Local Centro");
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
    const start = (await (
      await api(`${BASE}/inventory/video-uploads`, {
        method: "POST",
        token,
        json: { content_type: "video/mp4", size: 100 },
      })
    ).json()) as { key: string; upload_id: string };
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

describe("alerts, reports, dashboard and system", () => {
  it("creates a low-stock alert that is evaluated against stock and shows on the dashboard", async () => {
    const token = await login(DEMO.administrador);
    const centro = await loc("Local Centro");
    const res = await api(`${BASE}/inventory-alerts`, {
      method: "POST",
      token,
      json: {
        location_id: centro.id,
        alert_type: "inventario_minimo",
        threshold_value: 1000,
        product_reference: "NIKEAIRM-01",
        notification_emails: "jefe@demo.horma.co",
        is_active: true,
      },
    });
    expect(res.status).toBe(201);
    const alert = (await res.json()) as {
      triggered: boolean;
      low_stock_items: { reference_code: string; pairs: number }[];
    };
    expect(alert.triggered).toBe(true);
    expect(alert.low_stock_items[0]?.reference_code).toBe("NIKEAIRM-01");
    const dash = (await (await api(`${BASE}/dashboard`, { token })).json()) as {
      metrics: Record<string, number>;
      managed_locations: unknown[];
    };
    expect(dash.metrics.low_stock_alerts).toBeGreaterThanOrEqual(1);
    expect(dash.managed_locations).toHaveLength(5);
    await expectError(
      await api(`${BASE}/inventory-alerts`, {
        method: "POST",
        token,
        json: { location_id: centro.id, threshold_value: -1 },
      }),
      422,
    );
    const theirs = await loc("Otra Tienda Medellín");
    await expectError(
      await api(`${BASE}/inventory-alerts`, {
        method: "POST",
        token,
        json: { location_id: theirs.id, threshold_value: 1 },
      }),
      404,
    );
  });

  it("computes the dashboard metrics from real rows", async () => {
    const token = await login(DEMO.administrador);
    const metrics = (await (await api(`${BASE}/dashboard/metrics`, { token })).json()) as Record<string, number>;
    const [company] = await db().select({ id: users.companyId }).from(users).where(eq(users.email, DEMO.administrador));
    const active = await db()
      .select()
      .from(users)
      .where(and(eq(users.companyId, company?.id ?? 0), eq(users.isActive, true)));
    const pending = await db()
      .select()
      .from(discountRequests)
      .where(and(eq(discountRequests.companyId, company?.id ?? 0), eq(discountRequests.status, "pending")));
    expect(metrics.active_users).toBe(active.length);
    expect(metrics.pending_discount_approvals).toBe(pending.length);
    expect(metrics.total_sales_today).toBeGreaterThan(0);
    expect(metrics.total_sales_month).toBeGreaterThanOrEqual(metrics.total_sales_today ?? 0);
    expect(metrics.avg_performance_score).toBeGreaterThan(0);
  });

  it("builds the sales report by location, seller, product and payment method", async () => {
    const token = await login(DEMO.administrador);
    const res = await api(`${BASE}/reports/sales`, {
      method: "POST",
      token,
      json: { start_date: plusDays(-30), end_date: today() },
    });
    expect(res.status).toBe(200);
    const r = (await res.json()) as {
      total_sales: number;
      total_transactions: number;
      sales_by_location: { percentage_of_total: number; total_sales: number }[];
      top_sellers: unknown[];
      top_products: unknown[];
      payment_methods_breakdown: { total_amount: number }[];
    };
    expect(r.total_transactions).toBe(5);
    expect(r.sales_by_location.reduce((a, l) => a + l.total_sales, 0)).toBeCloseTo(r.total_sales, 2);
    expect(r.payment_methods_breakdown.reduce((a, p) => a + p.total_amount, 0)).toBeCloseTo(r.total_sales, 2);
    expect(r.top_sellers.length).toBe(2);
    await expectError(
      await api(`${BASE}/reports/sales`, { method: "POST", token, json: { start_date: "ayer", end_date: today() } }),
      422,
    );
    const other = (await (
      await api(`${BASE}/reports/sales`, {
        method: "POST",
        token: await login(DEMO.otherAdmin),
        json: { start_date: plusDays(-30), end_date: today() },
      })
    ).json()) as { total_transactions: number };
    expect(other.total_transactions).toBe(0);
  });

  it("answers performance, transfers overview, assignments, overview, health and the live diagnosis", async () => {
    const token = await login(DEMO.administrador);
    const perf = (await (await api(`${BASE}/performance/users?role=vendedor`, { token })).json()) as {
      users: { role: string; performance_score: number }[];
    };
    expect(perf.users.every((u) => u.role === "seller")).toBe(true);
    expect(Math.max(...perf.users.map((u) => u.performance_score))).toBe(100);
    await expectError(await api(`${BASE}/performance/users?role=jefe`, { token }), 422);
    const overview = (await (await api(`${BASE}/transfers/overview`, { token })).json()) as {
      by_status: Record<string, number>;
      open_transfers: number;
    };
    expect(overview.by_status.completed).toBe(1);
    expect(overview.open_transfers).toBe(7);
    const assignments = (await (await api(`${BASE}/product-assignments`, { token })).json()) as {
      assignments: { total_pairs: number }[];
    };
    expect(assignments.assignments).toHaveLength(5);
    expect((await api(`${BASE}/system/overview`, { token })).status).toBe(200);
    expect(await (await api(`${BASE}/health`, { token })).json()).toMatchObject({ module: "admin", status: "ok" });
    const diag = await api(`${BASE}/diagnosis/microservice-connection`, { token });
    expect(diag.status).toBe(200);
    expect(await diag.json()).toMatchObject({
      status: "ok",
      checks: { d1: { status: "ok" }, r2: { status: "ok" }, durable_object: { status: "ok" } },
    });
    await expectDenied(["seller", "boss", "corredor"], (t) => api(`${BASE}/dashboard`, { token: t }));
  });
});
