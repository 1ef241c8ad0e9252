import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, inventory, products } from "../../worker/db/schema";
import app from "../../worker/index";
import {
  IMAGE_TOO_LARGE,
  IMAGE_WRONG_TYPE,
  NOT_AN_UPLOAD_ROUTE,
  UPLOAD_ROUTES,
  type UploadKind,
  type UploadRoute,
} from "../../worker/lib/uploads";
import {
  api,
  client,
  DEMO,
  db,
  detailOf,
  expectError,
  form,
  locationNamed,
  login,
  ok,
  platform,
} from "./support/helpers";
import { companySnapshot } from "./support/snapshot";

const MB = 1024 * 1024;
const ADMIN_BASE = "/api/v1/admin/admin/inventory";

// ---------------------------------------------------------------- files

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBM_HEAD = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01];

function bytes(size: number, head: number[] = []): Uint8Array {
  const data = new Uint8Array(size);
  data.set(head);
  return data;
}

/** A file whose bytes start with `head`, declared as `type`. */
const file = (size: number, head: number[], type: string, name: string) =>
  new File([bytes(size, head)], name, { type });

/** Declared image/jpeg, but its bytes are an HTML page (neither an image nor a video). */
function impostor(kind: UploadKind): File {
  const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
  return new File([html], kind === "image" ? "foto.jpg" : "video.mp4", { type: "image/jpeg" });
}

/** One byte over the file's own limit, with real magic bytes (only the size is wrong). */
function oversize(kind: UploadKind, route: UploadRoute): File {
  if (kind === "image") return file(5 * MB + 1, JPEG_HEAD, "image/jpeg", "grande.jpg");
  return file(route.body === "raw" ? 11 * MB + 1 : 40 * MB + 1, WEBM_HEAD, "video/webm", "grande.webm");
}

/** A valid file of the kind, whose declared type is NOT its real one: the served type must be the real one. */
function valid(kind: UploadKind): { file: File; realType: string } {
  return kind === "image"
    ? { file: file(2048, PNG_HEAD, "image/jpeg", "recibo.jpg"), realType: "image/png" }
    : { file: file(4096, WEBM_HEAD, "video/mp4", "producto.mp4"), realType: "video/webm" };
}

const WRONG_TYPE: Record<UploadKind, string | RegExp> = {
  image: IMAGE_WRONG_TYPE,
  video: "El video debe ser WebM o MP4",
};
const TOO_LARGE: Record<UploadKind, RegExp> = {
  image: new RegExp(IMAGE_TOO_LARGE),
  video:
    /^(El video es demasiado grande|Los videos de más de 40MB se suben por partes|Cada parte del video debe ser de máximo 10MB)/,
};

// ---------------------------------------------------------------- the demo world

let demoId = 0;
let otraId = 0;
let centro = 0;
let wholesaleId = 0;

/** A pair the demo seller can sell at Local Centro (pairs not reserved), with its product. */
async function sellableProduct() {
  const [row] = await db()
    .select({ id: products.id, ref: products.referenceCode, size: inventory.size, price: products.unitPrice })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(
      and(
        eq(inventory.locationId, centro),
        eq(products.isActive, true),
        gt(sql`${inventory.pairs} - ${inventory.reservedPairs}`, 0),
      ),
    )
    .limit(1);
  if (!row) throw new Error("no stock at Local Centro");
  return row;
}

/** A sale line of one pair the demo seller can sell at Local Centro, with its price in pesos. */
async function sellableLine() {
  const row = await sellableProduct();
  const price = row.price / 100;
  return {
    items: JSON.stringify([{ sneaker_reference_code: row.ref, size: row.size, quantity: 1, unit_price: price }]),
    payment_methods: JSON.stringify([{ payment_type: "efectivo", amount: price }]),
    total_amount: String(price),
  };
}

async function startVideoUpload(token: string) {
  const uploads = client(token).admin.admin.inventory["video-uploads"];
  return ok(uploads.$post({ json: { content_type: "video/webm", size: 4096 } }), 201);
}

const partUrl = (key: string, uploadId: string, part: number) =>
  `${ADMIN_BASE}/video-uploads/parts?key=${encodeURIComponent(key)}&upload_id=${encodeURIComponent(uploadId)}&part_number=${part}`;

type Sent = {
  res: Response;
  servedUrl: (body: unknown) => string | null;
  /** Where else the file is served (the storefront shows the showcase company's product photos). */
  publicUrl?: (body: unknown) => string | null;
};
type Sender = (field: string, file: File) => Promise<Sent>;

const dig = (body: unknown, ...path: string[]): string | null => {
  let at: unknown = body;
  for (const key of path) at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === "string" ? at : null;
};

/**
 * How to send a file to each upload route in an otherwise valid request, and where the answer says the
 * stored file is served. Keyed like UPLOAD_ROUTES: the first test fails when the two lists differ.
 */
const SENDERS: Record<string, Sender> = {
  "POST /api/v1/sales/create": async (field, upload) => {
    const res = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      body: form({ ...(await sellableLine()), notes: "subida de prueba", [field]: upload }),
    });
    return { res, servedUrl: (b) => dig(b, "receipt_info", "url") };
  },
  "POST /api/v1/expenses/create": async (field, upload) => {
    const res = await api("/api/v1/expenses/create", {
      method: "POST",
      token: await login(DEMO.seller),
      body: form({ concept: "Cinta de empaque", amount: "4500", [field]: upload }),
    });
    return { res, servedUrl: (b) => dig(b, "expense", "receipt_url") };
  },
  "POST /api/v1/classify/scan": async (field, upload) => {
    const res = await api("/api/v1/classify/scan", {
      method: "POST",
      token: await login(DEMO.seller),
      body: form({ reference_code: "NIKE", [field]: upload }),
    });
    return { res, servedUrl: () => null };
  },
  "POST /api/v1/mayoreo/productos/crear": async (field, upload) => {
    const res = await api("/api/v1/mayoreo/productos/crear", {
      method: "POST",
      token: await login(DEMO.administrador),
      body: form({
        modelo: `Caja surtida ${crypto.randomUUID().slice(0, 8)}`,
        cantidad_cajas_disponibles: "3",
        pares_por_caja: "12",
        precio: "90000",
        [field]: upload,
      }),
    });
    return { res, servedUrl: (b) => dig(b, "foto_url") };
  },
  "PUT /api/v1/mayoreo/productos/:id/actualizar": async (field, upload) => {
    const res = await api(`/api/v1/mayoreo/productos/${wholesaleId}/actualizar`, {
      method: "PUT",
      token: await login(DEMO.administrador),
      body: form({ precio: "95000", [field]: upload }),
    });
    return { res, servedUrl: (b) => dig(b, "foto_url") };
  },
  "PUT /api/v1/products/:id/photo": async (field, upload) => {
    const res = await api(`/api/v1/products/${(await sellableProduct()).id}/photo`, {
      method: "PUT",
      token: await login(DEMO.administrador),
      body: form({ [field]: upload }),
    });
    return { res, servedUrl: (b) => dig(b, "product", "image_url") };
  },
  "POST /api/v1/admin/admin/inventory/video-entry-distributed": async (field, upload) => {
    const fields: Record<string, string | Blob> = {
      product_brand: "Fila",
      product_model: `Disruptor ${crypto.randomUUID().slice(0, 6)}`,
      unit_price: "300000",
      sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: centro, quantity: 1 }] }]),
      video_file: valid("video").file,
      [field]: upload,
    };
    const res = await api(`${ADMIN_BASE}/video-entry-distributed`, {
      method: "POST",
      token: await login(DEMO.administrador),
      body: form(fields),
    });
    return {
      res,
      servedUrl: (b) => dig(b, field === "reference_image" ? "image_url" : "video_url"),
      publicUrl: (b) => {
        const id = b && typeof b === "object" && "product_id" in b ? b.product_id : undefined;
        return field === "reference_image" && typeof id === "number" ? `/api/v1/public/products/${id}/image` : null;
      },
    };
  },
  "PUT /api/v1/admin/admin/inventory/video-uploads/parts": async (_field, upload) => {
    const token = await login(DEMO.administrador);
    const { key, upload_id } = await startVideoUpload(token);
    const res = await api(partUrl(key, upload_id, 1), {
      method: "PUT",
      token,
      body: new Uint8Array(await upload.arrayBuffer()),
      headers: { "Content-Type": "application/octet-stream" },
    });
    if (res.status !== 200) return { res, servedUrl: () => null };
    // the part is stored; completing the upload is what makes it a served file (its answer goes back as is)
    const done = await api(`${ADMIN_BASE}/video-uploads/complete`, {
      method: "POST",
      token,
      json: { key, upload_id, parts: [await res.json()] },
    });
    return { res: done, servedUrl: (b) => dig(b, "video_url") };
  },
};

const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

const ROUTES = [
  ...new Map(
    app.routes
      .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method))
      .map((r) => [routeKey(r), { method: r.method, path: r.path }]),
  ).values(),
];

/** Every (route, file field) pair of UPLOAD_ROUTES. */
const FIELDS = UPLOAD_ROUTES.flatMap((route) =>
  Object.entries(route.files).map(([field, kind]) => ({ route, field, kind, label: `${routeKey(route)} [${field}]` })),
);

beforeAll(async () => {
  const [demo] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
  const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
  const loc = await locationNamed("Local Centro");
  demoId = demo?.id ?? 0;
  otraId = otra?.id ?? 0;
  centro = loc?.id ?? 0;
  const json = { modelo: "Caja para editar", cantidad_cajas_disponibles: 2, pares_por_caja: 12, precio: 80000 };
  wholesaleId = (await ok(client(await login(DEMO.administrador)).mayoreo.productos.crear.$post({ json }), 201)).id;
  // a first login writes last_login_at: log everyone in before any snapshot is taken
  for (const email of [DEMO.seller, DEMO.administrador, DEMO.boss, DEMO.otherAdmin, DEMO.otherSeller])
    await login(email);
});

/** The headers every served upload must carry: its real type, shown inline, never sniffed, sandboxed. */
async function expectSafelyServed(served: Response, realType: string, original: File) {
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Type")).toBe(realType);
  expect(served.headers.get("Content-Disposition")).toBe("inline");
  expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const csp = served.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/(^|;)\s*sandbox(\s*;|$)/);
  expect(csp).toMatch(/default-src 'none'/);
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await original.arrayBuffer()));
}

describe("the routes that receive files", () => {
  it("are exactly the routes of UPLOAD_ROUTES, all in the app's route table, and this suite knows each", () => {
    const table = new Set(ROUTES.map(routeKey));
    expect(UPLOAD_ROUTES.map(routeKey).filter((k) => !table.has(k))).toEqual([]);
    expect(Object.keys(SENDERS).sort()).toEqual(UPLOAD_ROUTES.map(routeKey).sort());
    expect(FIELDS.length).toBeGreaterThanOrEqual(8);
  });

  it("no other route accepts a multipart body: 415 with a Spanish detail before anything runs", async () => {
    const others = ROUTES.filter((r) => r.method !== "GET" && !SENDERS[routeKey(r)]);
    expect(others.length).toBeGreaterThan(40);
    const accepted: string[] = [];
    for (const route of others) {
      const path = route.path.replace(/:[A-Za-z]+/g, "1");
      const res = await api(path, {
        method: route.method,
        token: await login(DEMO.administrador),
        body: form({ file: file(1024, JPEG_HEAD, "image/jpeg", "x.jpg"), email: "a@b.co" }),
      });
      if (res.status !== 415 || detailOf(await res.json()) !== NOT_AN_UPLOAD_ROUTE)
        accepted.push(`${routeKey(route)} → ${res.status}`);
    }
    expect(accepted).toEqual([]);
  });
});

describe.each(FIELDS)("$label", ({ route, field, kind }) => {
  const send = (upload: File) => {
    const sender = SENDERS[routeKey(route)];
    if (!sender) throw new Error(`no sender for ${routeKey(route)}`);
    return sender(field, upload);
  };

  it(`refuses a file declared image/jpeg whose bytes are not ${kind === "image" ? "an image" : "a video"} (415), storing nothing`, async () => {
    const before = await companySnapshot(demoId);
    const { res } = await send(impostor(kind));
    await expectError(res, 415, WRONG_TYPE[kind]);
    expect(await companySnapshot(demoId)).toEqual(before);
  });

  it("refuses a file over its limit (413), storing nothing", { timeout: 60_000 }, async () => {
    const before = await companySnapshot(demoId);
    const { res } = await send(oversize(kind, route));
    await expectError(res, 413, TOO_LARGE[kind]);
    expect(await companySnapshot(demoId)).toEqual(before);
  });

  if (route.served) {
    it("serves the stored file with its real type, inline, nosniff and sandboxed; 404 to another company", async () => {
      const { file: upload, realType } = valid(kind);
      const { res, servedUrl, publicUrl } = await send(upload);
      const text = await res.text();
      expect(res.status, text).toBeLessThan(300);
      const body: unknown = JSON.parse(text);
      const url = servedUrl(body);
      expect(url, text).toMatch(new RegExp(`^/api/v1/files/company/${demoId}/`));
      await expectSafelyServed(await api(url ?? "", { token: await login(DEMO.boss) }), realType, upload);
      const storefront = publicUrl?.(body);
      if (storefront) {
        // the storefront shows a product's photo once the administrador publishes the product
        await expectError(await api(storefront), 404);
        const productId = storefront.split("/")[5];
        const published = await api(`/api/v1/products/${productId}`, {
          method: "PATCH",
          token: await login(DEMO.administrador),
          json: { published: true },
        });
        expect(published.status, await published.clone().text()).toBe(200);
        await expectSafelyServed(await api(storefront), realType, upload);
      }
      for (const email of [DEMO.otherAdmin, DEMO.otherSeller]) {
        await expectError(await api(url ?? "", { token: await login(email) }), 404, "Archivo no encontrado");
      }
      // nor with the key spelled another way
      const key = (url ?? "").replace("/api/v1/files/", "");
      const tricks = [
        `/api/v1/files/company/${otraId}/../${key}`,
        `/api/v1/files/company/${otraId}/..%2F..%2F${encodeURIComponent(key)}`,
        `/api/v1/files/${encodeURIComponent(key)}`,
        // a malformed escape is just a file that does not exist (it used to be a 500)
        `/api/v1/files/company/${otraId}/%E0%A4%A`,
      ];
      for (const path of tricks) {
        const res = await api(path, { token: await login(DEMO.otherAdmin) });
        expect(res.status, path).toBe(404);
        await res.body?.cancel();
      }
    });
  }
});

describe("request bodies above a route's own limit", () => {
  it.each(UPLOAD_ROUTES.map((r) => ({ ...r, label: routeKey(r) })))(
    "$label: 413 with a Spanish detail",
    { timeout: 60_000 },
    async (route) => {
      const before = await companySnapshot(demoId);
      const token = await login(DEMO.administrador);
      const path = route.path.replace(":id", String(wholesaleId));
      const huge = bytes(route.maxBodyBytes + 1, WEBM_HEAD);
      const init =
        route.body === "raw"
          ? { method: route.method, token, body: huge, headers: { "Content-Type": "application/octet-stream" } }
          : { method: route.method, token, body: form({ relleno: new File([huge], "relleno.webm") }) };
      const target =
        route.body === "raw"
          ? await (async () => {
              const { key, upload_id } = await startVideoUpload(token);
              return partUrl(key, upload_id, 1);
            })()
          : path;
      await expectError(await api(target, init), 413, "La solicitud es demasiado grande");
      expect(await companySnapshot(demoId)).toEqual(before);
    },
  );
});
