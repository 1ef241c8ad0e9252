import { describe, expect, it } from "vitest";
import { api, client, DEMO, expectError, form, login, ok } from "./support/helpers";

/**
 * The routes that take a JSON body or a form (multipart with files, or urlencoded) validate both
 * through one valibot schema (validateBody in worker/lib/validation.ts). These are the answers they
 * share when the body is wrong, and the form details that must keep working: JSON-text fields, a
 * repeated key (its last value counts), files that are not files.
 */
const BODY_ROUTES = [
  { method: "POST", path: "/api/v1/sales/create", as: DEMO.seller },
  { method: "POST", path: "/api/v1/expenses/create", as: DEMO.seller },
  { method: "POST", path: "/api/v1/classify/scan", as: DEMO.seller },
  { method: "POST", path: "/api/v1/mayoreo/productos/crear", as: DEMO.administrador },
  { method: "POST", path: "/api/v1/admin/admin/inventory/video-entry-distributed", as: DEMO.administrador },
] as const;

/** A multipart body whose parts never close: the form cannot be read. */
function brokenMultipart(): { headers: Record<string, string>; body: string } {
  return {
    headers: { "Content-Type": "multipart/form-data; boundary=horma" },
    body: '--horma\r\nContent-Disposition: form-data; name="concept"\r\n\r\nAlmuerzo',
  };
}

describe.each(BODY_ROUTES)("$method $path: a body that is neither JSON nor a form", ({ method, path, as }) => {
  it("answers 415 for another Content-Type", async () => {
    const res = await api(path, {
      method,
      token: await login(as),
      headers: { "Content-Type": "text/plain" },
      body: "concept=Almuerzo",
    });
    await expectError(res, 415, "Envía los datos como multipart/form-data");
  });

  it("answers 400 for a malformed form and for malformed JSON", async () => {
    const token = await login(as);
    await expectError(
      await api(path, { method, token, ...brokenMultipart() }),
      400,
      "El formulario enviado está mal formado",
    );
    const json = await api(path, { method, token, headers: { "Content-Type": "application/json" }, body: "{" });
    await expectError(json, 400, "El cuerpo de la solicitud no es JSON válido");
  });

  it("answers 422 for a JSON body that is not an object", async () => {
    const res = await api(path, { method, token: await login(as), json: [1, 2] });
    await expectError(res, 422, "El cuerpo de la solicitud debe ser un objeto JSON");
  });
});

describe("fields sent as JSON text in a form", () => {
  const sale = {
    items: JSON.stringify([{ sneaker_reference_code: "NK-1", size: "40", quantity: 1, unit_price: 100 }]),
    payment_methods: JSON.stringify([{ type: "efectivo", amount: 100 }]),
    total_amount: "100",
  };

  it("sales/create: text that is not JSON names its field; a missing list keeps its own message", async () => {
    const token = await login(DEMO.seller);
    const post = (fields: Record<string, string>) =>
      api("/api/v1/sales/create", { method: "POST", token, body: form(fields) });
    await expectError(await post({ ...sale, items: "[{" }), 422, "El campo 'items' debe contener JSON válido");
    await expectError(
      await post({ ...sale, payment_methods: "efectivo" }),
      422,
      "El campo 'payment_methods' debe contener JSON válido",
    );
    const { items: _items, ...withoutItems } = sale;
    await expectError(await post(withoutItems), 422, "Los productos deben ser una lista");
    await expectError(await post({ ...sale, items: "{}" }), 422, "Los productos deben ser una lista");
  });

  it("sales/create: a JSON body may send the lists as JSON text too, as before", async () => {
    const res = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: { ...sale, items: "[{", total_amount: 100 },
    });
    await expectError(res, 422, "El campo 'items' debe contener JSON válido");
  });

  it("video-entry-distributed: the distribution and the fingerprints are checked as JSON text", async () => {
    const token = await login(DEMO.administrador);
    const entry = { product_brand: "Fila", product_model: "Disruptor", unit_price: "300000", video_key: "x" };
    const post = (fields: Record<string, string>) =>
      api("/api/v1/admin/admin/inventory/video-entry-distributed", { method: "POST", token, body: form(fields) });
    await expectError(
      await post({ ...entry, sizes_distribution_json: "[{" }),
      422,
      "El campo 'sizes_distribution_json' debe contener JSON válido",
    );
    // the older name of the field is read too
    await expectError(
      await post({ ...entry, sizes_distribution: "{}" }),
      422,
      "La distribución por tallas debe ser una lista",
    );
    await expectError(
      await post({ ...entry, sizes_distribution_json: "[]", embeddings_json: "{" }),
      422,
      "El campo 'embeddings_json' debe contener JSON válido",
    );
    // a fine body whose text fields are wrong: the first field's message
    await expectError(
      await post({ ...entry, unit_price: "gratis" }),
      422,
      "Por favor ingresa un precio unitario válido",
    );
  });

  it("classify/scan: a bad embedding text is a 422; without embedding nor code the scan cannot run", async () => {
    const token = await login(DEMO.seller);
    const post = (fields: Record<string, string>) =>
      api("/api/v1/classify/scan", { method: "POST", token, body: form(fields) });
    await expectError(await post({ embedding: "[0.1," }), 422, "El campo 'embedding' debe contener JSON válido");
    await expectError(
      await post({ embedding: "", reference_code: "  " }),
      422,
      "La imagen debe llegar con su huella visual (embedding) calculada en el dispositivo, o indica un código de referencia",
    );
    // a text where a file goes is no file; the code alone searches the catalogue
    const res = await post({ reference_code: "NIKE", image: "not a file", is_footwear: "true" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ is_footwear: true });
  });
});

describe("form details", () => {
  it("a repeated key keeps its last value (as parseBody did)", async () => {
    const body = new FormData();
    body.append("concept", "Primero");
    body.append("concept", "Taxi de vuelta");
    body.append("amount", "abc");
    body.append("amount", "12000");
    const res = await api("/api/v1/expenses/create", { method: "POST", token: await login(DEMO.seller), body });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ expense: { concept: "Taxi de vuelta", amount: 12000 } });
  });

  it("urlencoded forms are read like multipart ones", async () => {
    const res = await api("/api/v1/expenses/create", {
      method: "POST",
      token: await login(DEMO.seller),
      body: new URLSearchParams({ concept: "Agua", amount: "-5" }),
    });
    await expectError(res, 422, "El monto debe ser al menos 0,01");
  });

  it("mayoreo edit: no Content-Type and no body changes nothing; a body without Content-Type is a 415", async () => {
    const token = await login(DEMO.administrador);
    const json = { modelo: "Caja sin tipo", cantidad_cajas_disponibles: 3, pares_por_caja: 12, precio: 50000 };
    const { id } = await ok(client(token).mayoreo.productos.crear.$post({ json }), 201);
    const path = `/api/v1/mayoreo/productos/${id}/actualizar`;
    const unchanged = await api(path, { method: "PUT", token });
    expect(unchanged.status).toBe(200);
    expect(await unchanged.json()).toMatchObject({ id, modelo: "Caja sin tipo", cantidad_cajas_disponibles: 3 });
    // bytes carry no Content-Type of their own
    const untyped = await api(path, { method: "PUT", token, body: new TextEncoder().encode('{"precio": 1}') });
    await expectError(untyped, 415, "Envía los datos como JSON o multipart/form-data");
    // blank numbers in a form keep the old value; the product id is checked first
    const blank = await api(path, { method: "PUT", token, body: form({ precio: " ", tallas: "38-42" }) });
    expect(await blank.json()).toMatchObject({ precio: 50000, tallas: "38-42" });
    await expectError(
      await api("/api/v1/mayoreo/productos/abc/actualizar", { method: "PUT", token, json: [] }),
      404,
      "Recurso no encontrado",
    );
  });
});

describe("query strings read through schemas", () => {
  it("transfers/events: a since that is not a number reads from the start", async () => {
    const token = await login(DEMO.seller);
    const res = await api("/api/v1/transfers/events?since=abc", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ events: expect.any(Array) });
  });

  it("boss financial/analysis: a repeated date takes the first; a bad one names it", async () => {
    const token = await login(DEMO.boss);
    const base = "/api/v1/boss/boss/financial/analysis";
    expect((await api(`${base}?start_date=2026-01-01&start_date=oops&end_date=2026-01-31`, { token })).status).toBe(
      200,
    );
    await expectError(await api(`${base}?start_date=ayer`, { token }), 422, "start_date debe ser una fecha AAAA-MM-DD");
  });

  it("admin performance/users: user_ids may repeat and hold lists; entries that are not ids are ignored", async () => {
    const token = await login(DEMO.administrador);
    const res = await api("/api/v1/admin/admin/performance/users?user_ids=abc,1&user_ids=2", { token });
    expect(res.status).toBe(200);
    await expectError(
      await api("/api/v1/admin/admin/performance/users?start_date=2026-02-01&end_date=2026-01-01", { token }),
      422,
      "La fecha inicial no puede ser posterior a la final",
    );
  });
});
