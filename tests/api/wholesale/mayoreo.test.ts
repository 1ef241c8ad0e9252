import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { beforeAll, describe, expect, it } from "vitest";
import { wholesaleProducts, wholesaleSales } from "../../../worker/db/schema";
import { everyCompanyDb } from "../../../worker/db/shards";
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

const BASE = "/api/v1/mayoreo";
const DENIED = ["seller", "boss", "bodeguero", "corredor"] as const;

let demoCompany: number;
let otherCompany: number;

beforeAll(async () => {
  const admin = await accountRow(DEMO.administrador);
  const other = await accountRow(DEMO.otherAdmin);
  demoCompany = admin?.companyId ?? 0;
  otherCompany = other?.companyId ?? 0;
  expect(demoCompany).toBeGreaterThan(0);
  expect(otherCompany).toBeGreaterThan(0);
  expect(otherCompany).not.toBe(demoCompany);
});

const admin = () => login(DEMO.administrador);
const otherAdmin = () => login(DEMO.otherAdmin);
/** The typed routes, as the administrador unless told. */
const mayoreo = async (token?: string) => client(token ?? (await admin())).mayoreo;

let seq = 0;
const fields = (extra: Record<string, unknown> = {}) => ({
  modelo: `Bota Mayoreo ${++seq}`,
  cantidad_cajas_disponibles: 10,
  pares_por_caja: 12,
  precio: 1_200_000,
  ...extra,
});

async function newProduct(extra: Record<string, unknown> = {}, token?: string) {
  return ok((await mayoreo(token)).productos.crear.$post({ json: fields(extra) }), 201);
}

/** A sale as sent, however malformed. */
async function sell(json: unknown, token?: string) {
  return api(`${BASE}/ventas/registrar`, { method: "POST", token: token ?? (await admin()), json });
}

type SaleInput = InferRequestType<Awaited<ReturnType<typeof mayoreo>>["ventas"]["registrar"]["$post"]>["json"];

/** A well-formed sale, as a typed call. */
async function sale(json: SaleInput, token?: string) {
  return (await mayoreo(token)).ventas.registrar.$post({ json });
}

/** A wholesale product by id, on whichever shard holds it (ids are unique across shards). */
async function row(id: number) {
  for (const shard of everyCompanyDb(env)) {
    const [r] = await shard.select().from(wholesaleProducts).where(eq(wholesaleProducts.id, id));
    if (r) return r;
  }
  return undefined;
}

async function salesCount(productId?: number) {
  const [r] = await db()
    .select({ n: count() })
    .from(wholesaleSales)
    .where(productId === undefined ? undefined : eq(wholesaleSales.mayoreoId, productId));
  return r?.n ?? 0;
}

async function productCount() {
  const [r] = await db().select({ n: count() }).from(wholesaleProducts);
  return r?.n ?? 0;
}

const keyOf = (url: string | null) => (url ?? "").replace("/api/v1/files/", "");

describe("POST /api/v1/mayoreo/productos/crear", () => {
  it("creates a product from multipart with a photo in R2, served back to the same company only", async () => {
    const body = await ok(
      (await mayoreo()).productos.crear.$post({
        form: {
          modelo: "  Bota Trabajo 300 ",
          cantidad_cajas_disponibles: "8",
          pares_por_caja: "12",
          precio: "1250000.50",
          tallas: "36-41 (2-2-2-2-2-2)",
          foto: jpeg(),
        },
      }),
      201,
    );
    expect(body).toMatchObject({
      modelo: "Bota Trabajo 300",
      cantidad_cajas_disponibles: 8,
      pares_por_caja: 12,
      precio: 1_250_000.5,
      tallas: "36-41 (2-2-2-2-2-2)",
      is_active: true,
      message: "Producto de mayoreo creado exitosamente",
    });
    expect(body.id).toBeGreaterThan(0);
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Money in centavos in D1.
    expect((await row(body.id))?.precio).toBe(125_000_050);
    // The photo is in R2 under the company's folder and served back to it only.
    const key = keyOf(body.foto_url);
    expect(key).toMatch(new RegExp(`^company/${demoCompany}/mayoreo/[0-9a-f-]+\\.jpg$`));
    expect(await env.FILES.head(key)).not.toBeNull();
    const own = await api(body.foto_url ?? "", { token: await admin() });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await own.arrayBuffer()).byteLength).toBe(1024);
    await expectError(await api(body.foto_url ?? "", { token: await otherAdmin() }), 404);
  });

  it("accepts a JSON body without photo or sizes", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 0 });
    expect(product.foto_url).toBeNull();
    expect(product.tallas).toBeNull();
    expect(product.cantidad_cajas_disponibles).toBe(0);
  });

  it("lets the superuser create for a named company", async () => {
    const token = await login(DEMO.superuser);
    const named = client(token, { query: { company_id: String(otherCompany) } }).mayoreo;
    const body = await ok(named.productos.crear.$post({ json: fields() }), 201);
    expect((await row(body.id))?.companyId).toBe(otherCompany);
    await expectError(await api(`${BASE}/productos/crear`, { method: "POST", token, json: fields() }), 422);
  });

  it.each([
    ["no modelo", { modelo: undefined }, "El modelo es obligatorio"],
    ["a blank modelo", { modelo: "   " }, "El modelo es obligatorio"],
    ["negative boxes", { cantidad_cajas_disponibles: -1 }, "La cantidad de cajas debe ser mayor o igual a 0"],
    ["fractional boxes", { cantidad_cajas_disponibles: 1.5 }, /número entero/],
    ["boxes that are not a number", { cantidad_cajas_disponibles: "muchas" }, /cajas/],
    ["0 pairs per box", { pares_por_caja: 0 }, "Los pares por caja deben ser mayor a 0"],
    ["a 0 price", { precio: 0 }, "El precio debe ser mayor a 0"],
    ["a negative price", { precio: -100 }, "El precio debe ser mayor a 0"],
    ["a price below a centavo", { precio: 0.001 }, "El precio debe ser mayor a 0"],
    ["a text price", { precio: "caro" }, "El precio debe ser mayor a 0"],
  ])("refuses %s (422) and stores nothing", async (_label, extra, detail) => {
    const before = await productCount();
    const res = await api(`${BASE}/productos/crear`, { method: "POST", token: await admin(), json: fields(extra) });
    await expectError(res, 422, detail);
    expect(await productCount()).toBe(before);
  });

  it("refuses a photo that is not an image (415) or above 5 MB (413): no product, no file", async () => {
    const before = await productCount();
    const objects = (await env.FILES.list({ prefix: `company/${demoCompany}/mayoreo/` })).objects.length;
    const text = new File([new TextEncoder().encode("no soy una imagen")], "foto.jpg", { type: "image/jpeg" });
    const multipart = (foto: File) =>
      form({ modelo: "Bota", cantidad_cajas_disponibles: "1", pares_por_caja: "6", precio: "100000", foto });
    const token = await admin();
    await expectError(
      await api(`${BASE}/productos/crear`, { method: "POST", token, body: multipart(text) }),
      415,
      /imagen válida/,
    );
    await expectError(
      await api(`${BASE}/productos/crear`, { method: "POST", token, body: multipart(jpeg(6 * 1024 * 1024)) }),
      413,
      "El archivo es demasiado grande. Máximo 5MB",
    );
    expect(await productCount()).toBe(before);
    expect((await env.FILES.list({ prefix: `company/${demoCompany}/mayoreo/` })).objects.length).toBe(objects);
  });

  it("is refused to every role but administrador and superuser, and without a session", async () => {
    const before = await productCount();
    await expectDenied(DENIED, (token) => api(`${BASE}/productos/crear`, { method: "POST", token, json: fields() }));
    await expectError(await api(`${BASE}/productos/crear`, { method: "POST", json: fields() }), 401);
    expect(await productCount()).toBe(before);
  });
});

describe("GET /api/v1/mayoreo/productos/listar", () => {
  it("lists the company's products, active and inactive, newest first, and nothing of another company", async () => {
    const older = await newProduct();
    const newer = await newProduct({ is_active: false });
    await api(`${BASE}/productos/${newer.id}/actualizar`, {
      method: "PUT",
      token: await admin(),
      json: { is_active: false },
    });
    const foreign = await newProduct({}, await otherAdmin());
    const list = await ok((await mayoreo()).productos.listar.$get());
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((p) => p.id === newer.id)?.is_active).toBe(false);
    expect(ids).not.toContain(foreign.id);
    const rows = await db().select().from(wholesaleProducts).where(eq(wholesaleProducts.companyId, demoCompany));
    expect(list).toHaveLength(rows.length);
    const created = list.map((p) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("is refused to other roles", async () => {
    await expectDenied(DENIED, (token) => api(`${BASE}/productos/listar`, { token }));
  });
});

describe("PUT /api/v1/mayoreo/productos/{id}/actualizar", () => {
  it("changes only the fields sent (JSON)", async () => {
    const product = await newProduct({ tallas: "38-42" });
    const body = await ok(
      (await mayoreo()).productos[":id"].actualizar.$put({ param: byId(product.id), json: { precio: 999_999.99 } }),
    );
    expect(body.message).toBe("Producto actualizado exitosamente");
    expect(body).toMatchObject({
      id: product.id,
      modelo: product.modelo,
      cantidad_cajas_disponibles: product.cantidad_cajas_disponibles,
      pares_por_caja: product.pares_por_caja,
      tallas: "38-42",
      precio: 999_999.99,
      is_active: true,
    });
    expect((await row(product.id))?.precio).toBe(99_999_999);
  });

  it("keeps the old value for a blank numeric input, toggles is_active, and clears tallas (multipart)", async () => {
    const product = await newProduct({ tallas: "38-42" });
    const body = await ok(
      (await mayoreo()).productos[":id"].actualizar.$put({
        param: byId(product.id),
        form: { cantidad_cajas_disponibles: "", precio: "", pares_por_caja: "6", is_active: "false", tallas: "" },
      }),
    );
    expect(body).toMatchObject({
      cantidad_cajas_disponibles: product.cantidad_cajas_disponibles,
      precio: product.precio,
      pares_por_caja: 6,
      is_active: false,
      tallas: null,
    });
  });

  it("replaces the photo: the new one is stored and served, the old one removed from R2", async () => {
    const token = await admin();
    const routes = await mayoreo(token);
    const product = await ok(
      routes.productos.crear.$post({
        form: { modelo: "Con foto", cantidad_cajas_disponibles: "2", pares_por_caja: "6", precio: "1", foto: jpeg() },
      }),
      201,
    );
    const oldKey = keyOf(product.foto_url);
    expect(await env.FILES.head(oldKey)).not.toBeNull();
    const body = await ok(
      routes.productos[":id"].actualizar.$put({
        param: byId(product.id),
        form: { modelo: "Con foto nueva", foto: jpeg(2048) },
      }),
    );
    expect(body.modelo).toBe("Con foto nueva");
    expect(body.foto_url).not.toBe(product.foto_url);
    const newKey = keyOf(body.foto_url);
    expect(newKey.startsWith(`company/${demoCompany}/mayoreo/`)).toBe(true);
    expect(await env.FILES.head(oldKey)).toBeNull();
    const served = await api(body.foto_url ?? "", { token });
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(2048);
  });

  it("changes nothing for an empty body and answers the product", async () => {
    const product = await newProduct();
    const routes = await mayoreo();
    // a JSON `{}`, then neither Content-Type nor body
    for (const body of [{ json: {} }, {}]) {
      const answer = await ok(routes.productos[":id"].actualizar.$put({ param: byId(product.id), ...body }));
      expect(answer).toMatchObject({ ...product, message: "Producto actualizado exitosamente" });
    }
    expect((await row(product.id))?.updatedAt).toBe(product.updated_at);
  });

  it.each([
    ["a 0 price", { precio: 0 }, "El precio debe ser mayor a 0"],
    ["0 pairs per box", { pares_por_caja: 0 }, "Los pares por caja deben ser mayor a 0"],
    ["negative boxes", { cantidad_cajas_disponibles: -3 }, "La cantidad de cajas debe ser mayor o igual a 0"],
    ["a blank modelo", { modelo: "" }, "El modelo es obligatorio"],
    ["a non-boolean state", { is_active: "quizás" }, /verdadero o falso/],
  ])("refuses %s (422) and changes nothing", async (_label, json, detail) => {
    const product = await newProduct();
    const before = await row(product.id);
    await expectError(
      await api(`${BASE}/productos/${product.id}/actualizar`, { method: "PUT", token: await admin(), json }),
      422,
      detail,
    );
    expect(await row(product.id)).toEqual(before);
  });

  it("answers 404 for an unknown id or another company's product, which stays unchanged", async () => {
    const product = await newProduct();
    const before = await row(product.id);
    const token = await otherAdmin();
    await expectError(
      await api(`${BASE}/productos/${product.id}/actualizar`, { method: "PUT", token, json: { precio: 1 } }),
      404,
    );
    await expectError(
      await api(`${BASE}/productos/${product.id}/actualizar`, {
        method: "PUT",
        token,
        body: form({ modelo: "Robado", foto: jpeg() }),
      }),
      404,
    );
    await expectError(
      await api(`${BASE}/productos/999999/actualizar`, { method: "PUT", token: await admin(), json: { precio: 1 } }),
      404,
    );
    await expectError(
      await api(`${BASE}/productos/abc/actualizar`, { method: "PUT", token: await admin(), json: {} }),
      404,
    );
    expect(await row(product.id)).toEqual(before);
    // The refused photo was not left behind in the other company's folder.
    expect((await env.FILES.list({ prefix: `company/${otherCompany}/mayoreo/` })).objects).toHaveLength(0);
  });

  it("is refused to other roles", async () => {
    const product = await newProduct();
    await expectDenied(DENIED, (token) =>
      api(`${BASE}/productos/${product.id}/actualizar`, { method: "PUT", token, json: { precio: 1 } }),
    );
    expect((await row(product.id))?.precio).toBe(product.precio * 100);
  });
});

describe("DELETE /api/v1/mayoreo/productos/{id}/eliminar", () => {
  it("deletes a product without sales for real, and its photo", async () => {
    const token = await admin();
    const product = await ok(
      (await mayoreo(token)).productos.crear.$post({
        form: { modelo: "Borrable", cantidad_cajas_disponibles: "1", pares_por_caja: "6", precio: "5", foto: jpeg() },
      }),
      201,
    );
    const key = keyOf(product.foto_url);
    const res = await api(`${BASE}/productos/${product.id}/eliminar`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: "Producto eliminado exitosamente",
      id: product.id,
      deleted: true,
      deactivated: false,
    });
    expect(await row(product.id)).toBeUndefined();
    expect(await env.FILES.head(key)).toBeNull();
    await expectError(await api(`${BASE}/productos/${product.id}/eliminar`, { method: "DELETE", token }), 404);
  });

  it("deactivates a product with sales instead, keeping the sales history", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 5 });
    expect((await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 2 })).status).toBe(201);
    const token = await admin();
    const routes = await mayoreo(token);
    const body = await ok(routes.productos[":id"].eliminar.$delete({ param: byId(product.id) }));
    expect(body.deleted).toBe(false);
    expect(body.deactivated).toBe(true);
    expect(body.message).toMatch(/^Producto eliminado exitosamente/);
    expect(body.message).toMatch(/desactivó/);
    expect((await row(product.id))?.isActive).toBe(false);
    expect(await salesCount(product.id)).toBe(1);
    const history = await ok(routes.productos[":id"].ventas.$get({ param: byId(product.id), query: {} }));
    expect(history).toHaveLength(1);
  });

  it("answers 404 to another company and deletes nothing", async () => {
    const product = await newProduct();
    await expectError(
      await api(`${BASE}/productos/${product.id}/eliminar`, { method: "DELETE", token: await otherAdmin() }),
      404,
    );
    expect((await row(product.id))?.isActive).toBe(true);
  });

  it("is refused to other roles", async () => {
    const product = await newProduct();
    await expectDenied(DENIED, (token) => api(`${BASE}/productos/${product.id}/eliminar`, { method: "DELETE", token }));
    expect((await row(product.id))?.isActive).toBe(true);
  });
});

describe("POST /api/v1/mayoreo/ventas/registrar", () => {
  it("sells boxes at the product's price by default: total = boxes × price, boxes decremented", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 10, precio: 1_200_000 });
    const body = await ok(sale({ mayoreo_id: product.id, cantidad_cajas_vendidas: 4 }), 201);
    expect(body).toMatchObject({
      mayoreo_id: product.id,
      mayoreo_producto: product.modelo,
      cantidad_cajas_vendidas: 4,
      precio_unitario_venta: 1_200_000,
      total_venta: 4_800_000,
      notas: null,
      cantidad_cajas_restantes: 6,
    });
    expect(body.message).toMatch(/exitosamente/);
    expect(body.fecha_venta).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(6);
    const [stored] = await db().select().from(wholesaleSales).where(eq(wholesaleSales.id, body.id));
    expect(stored).toMatchObject({ companyId: demoCompany, precioUnitarioVenta: 120_000_000, totalVenta: 480_000_000 });
  });

  it("takes a negotiated price and notes; the total is exact in centavos", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 3 });
    const body = await ok(
      sale({
        mayoreo_id: product.id,
        cantidad_cajas_vendidas: 3,
        precio_unitario_venta: 19.99,
        notas: "  Cliente Almacenes Éxito  ",
      }),
      201,
    );
    expect(body).toMatchObject({ precio_unitario_venta: 19.99, total_venta: 59.97, notas: "Cliente Almacenes Éxito" });
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(0);
  });

  it.each([
    ["0 boxes", { cantidad_cajas_vendidas: 0 }, "La cantidad de cajas vendidas debe ser al menos 1"],
    ["fractional boxes", { cantidad_cajas_vendidas: 1.5 }, /número entero/],
    ["no boxes", { cantidad_cajas_vendidas: undefined }, /cajas vendidas/],
    ["no product", { mayoreo_id: undefined }, /mayoreo_id/],
    ["a 0 price", { precio_unitario_venta: 0 }, "El precio debe ser mayor a 0"],
    ["a text price", { precio_unitario_venta: "barato" }, "El precio debe ser mayor a 0"],
  ])("refuses %s (422): nothing stored, nothing moved", async (_label, extra, detail) => {
    const product = await newProduct({ cantidad_cajas_disponibles: 4 });
    const before = await salesCount();
    await expectError(await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1, ...extra }), 422, detail);
    expect(await salesCount()).toBe(before);
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(4);
  });

  it("refuses more boxes than available (409): nothing stored, nothing moved", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 2 });
    const before = await salesCount();
    await expectError(
      await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 3 }),
      409,
      "Cajas insuficientes: disponibles 2, solicitadas 3",
    );
    expect(await salesCount()).toBe(before);
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(2);
    const empty = await newProduct({ cantidad_cajas_disponibles: 0 });
    await expectError(
      await sell({ mayoreo_id: empty.id, cantidad_cajas_vendidas: 1 }),
      409,
      "Cajas insuficientes: disponibles 0, solicitadas 1",
    );
    expect(await salesCount()).toBe(before);
  });

  it("refuses an inactive product (409)", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 5 });
    await api(`${BASE}/productos/${product.id}/actualizar`, {
      method: "PUT",
      token: await admin(),
      json: { is_active: false },
    });
    await expectError(
      await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 }),
      409,
      "El producto no está activo",
    );
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(5);
    expect(await salesCount(product.id)).toBe(0);
  });

  it("answers 404 for an unknown product or another company's, and moves nothing", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 5 });
    await expectError(await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 }, await otherAdmin()), 404);
    await expectError(await sell({ mayoreo_id: 999_999, cantidad_cajas_vendidas: 1 }), 404);
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(5);
    expect(await salesCount(product.id)).toBe(0);
  });

  it("10 parallel sales of 1 box when 3 remain: exactly 3 succeed, 7 get 409, boxes end at 0", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 3, precio: 500_000 });
    const token = await admin();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 }, token)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of results.filter((x) => x.status === 409)) {
      await expectError(r, 409, /^Cajas insuficientes: disponibles 0/);
    }
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(0);
    expect(await salesCount(product.id)).toBe(3);
  });

  it("is refused to other roles and moves nothing", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 5 });
    await expectDenied(DENIED, (token) => sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 }, token));
    expect((await row(product.id))?.cantidadCajasDisponibles).toBe(5);
  });
});

describe("GET /api/v1/mayoreo/ventas/listar", () => {
  it("lists the company's sales newest first with the product's model, none of another company", async () => {
    const product = await newProduct({ modelo: "Sandalia Lote A", cantidad_cajas_disponibles: 9 });
    const first = await ok(sale({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 }), 201);
    const second = await ok(sale({ mayoreo_id: product.id, cantidad_cajas_vendidas: 2 }), 201);
    const foreign = await newProduct({}, await otherAdmin());
    const foreignSale = await ok(sale({ mayoreo_id: foreign.id, cantidad_cajas_vendidas: 1 }, await otherAdmin()), 201);
    const routes = await mayoreo();
    const list = await ok(routes.ventas.listar.$get({ query: {} }));
    const ids = list.map((s) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(foreignSale.id);
    expect(list.find((s) => s.id === second.id)).toMatchObject({
      mayoreo_producto: "Sandalia Lote A",
      cantidad_cajas_vendidas: 2,
      total_venta: 2 * product.precio,
    });
    const dates = list.map((s) => s.fecha_venta);
    expect([...dates].sort().reverse()).toEqual(dates);
    const limited = await ok(routes.ventas.listar.$get({ query: { limit: "1" } }));
    expect(limited.map((s) => s.id)).toEqual([list[0]?.id]);
  });

  it("refuses a bad limit (422)", async () => {
    await expectError(await api(`${BASE}/ventas/listar?limit=0`, { token: await admin() }), 422);
    await expectError(await api(`${BASE}/ventas/listar?limit=muchos`, { token: await admin() }), 422);
  });

  it("is refused to other roles", async () => {
    await expectDenied(DENIED, (token) => api(`${BASE}/ventas/listar`, { token }));
  });
});

describe("GET /api/v1/mayoreo/productos/{id}/ventas", () => {
  it("lists the sales of one product only, and an empty list when it has none", async () => {
    const a = await newProduct({ cantidad_cajas_disponibles: 5 });
    const b = await newProduct({ cantidad_cajas_disponibles: 5 });
    await sell({ mayoreo_id: a.id, cantidad_cajas_vendidas: 1 });
    await sell({ mayoreo_id: a.id, cantidad_cajas_vendidas: 2, notas: "segunda" });
    await sell({ mayoreo_id: b.id, cantidad_cajas_vendidas: 1 });
    const token = await admin();
    const list = await ok((await mayoreo(token)).productos[":id"].ventas.$get({ param: byId(a.id), query: {} }));
    expect(list.map((s) => [s.mayoreo_id, s.cantidad_cajas_vendidas, s.notas])).toEqual([
      [a.id, 2, "segunda"],
      [a.id, 1, null],
    ]);
    const none = await newProduct();
    const empty = await api(`${BASE}/productos/${none.id}/ventas`, { token });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
  });

  it("answers 404 to another company and for unknown ids", async () => {
    const product = await newProduct({ cantidad_cajas_disponibles: 2 });
    await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 1 });
    await expectError(await api(`${BASE}/productos/${product.id}/ventas`, { token: await otherAdmin() }), 404);
    await expectError(await api(`${BASE}/productos/999999/ventas`, { token: await admin() }), 404);
  });

  it("is refused to other roles", async () => {
    const product = await newProduct();
    await expectDenied(DENIED, (token) => api(`${BASE}/productos/${product.id}/ventas`, { token }));
  });
});

describe("GET /api/v1/mayoreo/estadisticas", () => {
  async function stats(token?: string) {
    return ok((await mayoreo(token)).estadisticas.$get());
  }

  it("computes the five cards from the company's real rows", async () => {
    const before = await stats();
    const product = await newProduct({ cantidad_cajas_disponibles: 7, pares_por_caja: 12, precio: 250_000.5 });
    const inactive = await newProduct({ cantidad_cajas_disponibles: 100 });
    await api(`${BASE}/productos/${inactive.id}/actualizar`, {
      method: "PUT",
      token: await admin(),
      json: { is_active: false },
    });
    await sell({ mayoreo_id: product.id, cantidad_cajas_vendidas: 2, precio_unitario_venta: 300_000 });
    const after = await stats();
    expect(after.productos_activos).toBe(before.productos_activos + 1);
    expect(after.total_productos).toBe(before.total_productos + 2);
    expect(after.total_cajas_disponibles).toBe(before.total_cajas_disponibles + 5);
    expect(after.total_pares_disponibles).toBe(before.total_pares_disponibles + 60);
    expect(Math.round(after.valor_inventario * 100)).toBe(Math.round(before.valor_inventario * 100) + 5 * 25_000_050);
    expect(after.total_ventas).toBe(before.total_ventas + 1);
    expect(after.total_cajas_vendidas).toBe(before.total_cajas_vendidas + 2);
    expect(Math.round(after.valor_total_ventas * 100)).toBe(Math.round(before.valor_total_ventas * 100) + 60_000_000);

    // Cross-check every card against the rows themselves.
    const products = await db().select().from(wholesaleProducts).where(eq(wholesaleProducts.companyId, demoCompany));
    const sales = await db().select().from(wholesaleSales).where(eq(wholesaleSales.companyId, demoCompany));
    const active = products.filter((p) => p.isActive);
    expect(after).toEqual({
      productos_activos: active.length,
      total_cajas_disponibles: active.reduce((a, p) => a + p.cantidadCajasDisponibles, 0),
      valor_inventario: active.reduce((a, p) => a + p.cantidadCajasDisponibles * p.precio, 0) / 100,
      total_ventas: sales.length,
      valor_total_ventas: sales.reduce((a, s) => a + s.totalVenta, 0) / 100,
      total_productos: products.length,
      total_pares_disponibles: active.reduce((a, p) => a + p.cantidadCajasDisponibles * p.paresPorCaja, 0),
      total_cajas_vendidas: sales.reduce((a, s) => a + s.cantidadCajasVendidas, 0),
    });
  });

  it("keeps each company's figures apart", async () => {
    const theirs = await stats(await otherAdmin());
    const products = await (await dbOf(otherCompany))
      .select()
      .from(wholesaleProducts)
      .where(eq(wholesaleProducts.companyId, otherCompany));
    expect(theirs.total_productos).toBe(products.length);
    const viaSuperuser = await api(`${BASE}/estadisticas?company_id=${otherCompany}`, {
      token: await login(DEMO.superuser),
    });
    expect(await viaSuperuser.json()).toEqual(theirs);
  });

  it("is refused to other roles", async () => {
    await expectDenied(DENIED, (token) => api(`${BASE}/estadisticas`, { token }));
  });
});
