import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { productPriceChanges, products, productVariants } from "../../../worker/db/schema";
import { KEY_REUSED } from "../../../worker/domain/shared/idempotency";
import { accountRow, api, DEMO, dbOf, expectDenied, expectError, login } from "../support/helpers";
import { burst, invariantsHold } from "../support/race-cases";

// The catalogue as CSV (worker/routes/catalogue/catalogue-import.ts): export, dry run, apply — money in
// whole pesos in the file, centavos in the database; the same file twice changes nothing.

vi.setConfig({ testTimeout: 60_000 });

const P = "/api/v1/admin/admin/catalogue";
const HEADER = "referencia;marca;modelo;color;categoría;talla;código de barras;precio (COP);costo (COP);IVA;activo";
let companyId = 0;
let otherCompanyId = 0;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

const admin = () => login(DEMO.administrador);

async function exportCsv(token?: string) {
  const res = await api(`${P}/export`, { token: token ?? (await admin()) });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // a UTF-8 BOM first (Excel reads the accents by it); text() would drop it
  return { res, bom: [...bytes.slice(0, 3)], text: new TextDecoder().decode(bytes) };
}

interface DryRun {
  summary: {
    rows: number;
    products_created: number;
    products_updated: number;
    products_unchanged: number;
    sizes_created: number;
    sizes_updated: number;
    errors: number;
  };
  can_apply: boolean;
  rows: { row: number; reference_code: string; size: string | null; action: string; changes: unknown[] }[];
  errors: { row: number; column: string | null; message: string }[];
}

async function dryRun(csv: string, token?: string): Promise<DryRun> {
  const res = await api(`${P}/import/dry-run`, { method: "POST", token: token ?? (await admin()), json: { csv } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as DryRun;
}

const apply = async (csv: string, headers: Record<string, string> = {}, token?: string) =>
  api(`${P}/import/apply`, { method: "POST", token: token ?? (await admin()), json: { csv }, headers });

async function applied(csv: string, headers: Record<string, string> = {}): Promise<DryRun["summary"]> {
  const res = await apply(csv, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { summary: DryRun["summary"] }).summary;
}

async function productByRef(ref: string, company = companyId) {
  const [row] = await (await dbOf(company))
    .select()
    .from(products)
    .where(and(eq(products.companyId, company), eq(products.referenceCode, ref)));
  return row;
}

async function sizesOf(productId: number, company = companyId) {
  return (await dbOf(company))
    .select({ size: productVariants.size, barcode: productVariants.barcode, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.size);
}

async function catalogueState(company = companyId) {
  const db = await dbOf(company);
  const [row] = await db.all<{ n: number; h: string }>(
    sql`SELECT (SELECT COUNT(*) FROM products WHERE company_id = ${company}) + (SELECT COUNT(*) FROM product_variants WHERE company_id = ${company}) AS n,
      (SELECT group_concat(reference_code || brand || model || unit_price || IFNULL(cost_price, '') || updated_at, '|') FROM products WHERE company_id = ${company}) AS h`,
  );
  return row;
}

beforeAll(async () => {
  companyId = (await accountRow(DEMO.administrador))?.companyId ?? 0;
  otherCompanyId = (await accountRow(DEMO.otherAdmin))?.companyId ?? 0;
});

describe("GET /api/v1/admin/admin/catalogue/export", () => {
  it("downloads the catalogue: a dated file, BOM, ; between cells, one row per product × size, whole pesos", async () => {
    const { res, bom, text } = await exportCsv();
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(
      text.startsWith(
        "referencia;marca;modelo;color;categoría;género;talla;código de barras;sku;precio (COP);precio caja (COP);costo (COP);IVA;activo\r\n",
      ),
    ).toBe(true);
    const [first] = await (await dbOf(companyId))
      .select()
      .from(products)
      .where(eq(products.companyId, companyId))
      .limit(1);
    if (!first) throw new Error("no demo product");
    const line = text.split("\r\n").find((l) => l.startsWith(`${first.referenceCode};`));
    expect(line).toContain(`;${Math.round(first.unitPrice / 100)};`);
    const sizes = await sizesOf(first.id);
    expect(text.split("\r\n").filter((l) => l.startsWith(`${first.referenceCode};`))).toHaveLength(
      Math.max(1, sizes.length),
    );
  });

  it("puts an apostrophe before a cell that would be a formula, and another company's products never appear", async () => {
    const ref = unique("FORM");
    await applied(`${HEADER}\n${ref};Marca;"=HYPERLINK(""http://x"")";;;;;100000;;;`);
    const { text } = await exportCsv();
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const theirs = await (await dbOf(otherCompanyId))
      .select({ ref: products.referenceCode })
      .from(products)
      .where(eq(products.companyId, otherCompanyId));
    expect(theirs.length).toBeGreaterThan(0);
    const mine = new Set(
      text
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(";")[0]),
    );
    for (const t of theirs) expect(mine.has(t.ref) && !(await productByRef(t.ref)), t.ref).toBe(false);
  });

  it("is the administrador's: the boss, bodeguero, seller and corredor are refused", async () => {
    await expectDenied(["boss", "bodeguero", "seller", "corredor"], (token) => api(`${P}/export`, { token }));
  });
});

describe("POST /api/v1/admin/admin/catalogue/import/dry-run", () => {
  it("the export read back is all unchanged, and the dry run changes nothing", async () => {
    const { text } = await exportCsv();
    const before = await catalogueState();
    const plan = await dryRun(text);
    expect(plan.errors).toEqual([]);
    expect(plan.can_apply).toBe(true);
    expect(plan.rows).toEqual([]);
    expect(plan.summary).toMatchObject({
      products_created: 0,
      products_updated: 0,
      sizes_created: 0,
      sizes_updated: 0,
    });
    expect(plan.summary.products_unchanged).toBeGreaterThan(10);
    expect(await catalogueState()).toEqual(before);
  });

  it("says per row: create, update (old → new), unchanged and the errors in Spanish with row and column", async () => {
    const ref = unique("MIX");
    await applied(
      `${HEADER}\n${ref};Nike;Pegasus;Negro;running;40;;300000;150000;iva_19;sí\n${ref};Nike;Pegasus;Negro;running;41;;300000;150000;iva_19;sí`,
    );
    const before = await catalogueState();
    const fresh = unique("NEW");
    const plan = await dryRun(
      [
        HEADER,
        `${ref};Nike;Pegasus;Negro;running;40;;310000;150000;iva_19;sí`,
        `${ref};Nike;Pegasus;Negro;running;41;;310000;150000;iva_19;sí`,
        `${fresh};Puma;Suede;;casual;38;;199.900;;;`,
        `${unique("BAD")};Puma;Suede;;casual;38;;12,5;;;`,
        `;Puma;Suede;;;38;;100;;;`,
      ].join("\r\n"),
    );
    expect(plan.can_apply).toBe(false);
    expect(plan.rows.map((r) => [r.row, r.action])).toEqual([
      [2, "update"],
      [4, "create"],
      [5, "error"],
      [6, "error"],
    ]);
    expect(plan.rows[0]?.changes).toEqual([{ field: "unit_price", from: 300_000, to: 310_000 }]);
    expect(plan.summary).toMatchObject({ rows: 5, products_created: 2, products_updated: 1, errors: 2 });
    expect(plan.errors).toEqual([
      {
        row: 5,
        column: "precio",
        message: "Fila 5, precio: debe ser un número entero de pesos, sin centavos (por ejemplo 129900 o 129.900)",
      },
      { row: 6, column: "referencia", message: "Fila 6, referencia: la referencia es requerida" },
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  it("reads a file with commas, quoted commas and line breaks; refuses unknown columns", async () => {
    const ref = unique("COMMA");
    const plan = await dryRun(
      `referencia,marca,modelo,color,precio (COP)\n${ref},Nike,"Air, Max","Negro\ny blanco",250000\n`,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.rows[0]?.changes).toContainEqual({ field: "model", from: null, to: "Air, Max" });
    const bad = await dryRun(`referencia;marca;modelo;precio;cotso\nX;Y;Z;1;2`);
    expect(bad.can_apply).toBe(false);
    expect(bad.errors[0]?.message).toMatch(/^La columna «cotso» \(columna 5\) no es del catálogo/);
  });

  it("422 without the file, 413 over 1 MB or 5,000 rows (in Spanish), 403 for other roles", async () => {
    const token = await admin();
    await expectError(await api(`${P}/import/dry-run`, { method: "POST", token, json: {} }), 422);
    await expectError(
      await api(`${P}/import/dry-run`, { method: "POST", token, json: { csv: "" } }),
      422,
      "El archivo está vacío",
    );
    const big = `${HEADER}\n${"X;Y;Z;;;;;1;;;\n".repeat(80_000)}`;
    await expectError(
      await api(`${P}/import/dry-run`, { method: "POST", token, json: { csv: big } }),
      413,
      "El archivo CSV supera 1 MB; divídelo en varios archivos",
    );
    const many = `referencia;marca;modelo;precio\n${Array.from({ length: 5001 }, (_, i) => `R${i};M;X;1`).join("\n")}`;
    await expectError(
      await api(`${P}/import/dry-run`, { method: "POST", token, json: { csv: many } }),
      413,
      /^El archivo tiene 5001 filas; el máximo es 5000/,
    );
    await expectDenied(["boss", "bodeguero", "seller", "corredor"], (t) =>
      api(`${P}/import/dry-run`, { method: "POST", token: t, json: { csv: HEADER } }),
    );
  });
});

describe("POST /api/v1/admin/admin/catalogue/import/apply", () => {
  it("creates and updates products and sizes (prices in centavos, with their history); the same file again changes nothing", async () => {
    const ref = unique("APPLY");
    const first = `${HEADER}\n${ref};Adidas;Samba;Blanco;casual;40;7701234567897;250.000;120000;iva_5;sí\n${ref};Adidas;Samba;Blanco;casual;41;;250.000;120000;iva_5;sí`;
    expect(await applied(first)).toMatchObject({ products_created: 1, sizes_created: 2 });
    const created = await productByRef(ref);
    expect(created).toMatchObject({
      brand: "Adidas",
      model: "Samba",
      unitPrice: 25_000_000,
      costPrice: 12_000_000,
      taxClass: "iva_5",
      category: "casual",
      isActive: true,
    });
    if (!created) throw new Error(ref);
    expect(await sizesOf(created.id)).toEqual([
      { size: "40", barcode: "7701234567897", sku: null },
      { size: "41", barcode: null, sku: null },
    ]);

    const second = first
      .replaceAll("250.000", "260000")
      .concat(`\n${ref};Adidas;Samba;Blanco;casual;42;;260000;120000;iva_5;sí`);
    expect(await applied(second)).toMatchObject({ products_created: 0, products_updated: 1, sizes_created: 1 });
    expect((await productByRef(ref))?.unitPrice).toBe(26_000_000);
    const history = await (await dbOf(companyId))
      .select()
      .from(productPriceChanges)
      .where(eq(productPriceChanges.productId, created.id));
    expect(history.map((h) => [h.field, h.oldValue, h.newValue])).toEqual([["unit_price", 25_000_000, 26_000_000]]);

    const before = await catalogueState();
    expect(await applied(second)).toMatchObject({
      products_created: 0,
      products_updated: 0,
      sizes_created: 0,
      products_unchanged: 1,
    });
    expect(await catalogueState()).toEqual(before);
    await invariantsHold();
  });

  it("refuses a file with errors (422 in Spanish) and changes nothing", async () => {
    const good = unique("GOOD");
    const before = await catalogueState();
    const res = await apply(`${HEADER}\n${good};Nike;Air;;;40;;100000;;;\n${unique("BAD")};Nike;Air;;;40;;-5;;;`);
    await expectError(res, 422, /^El archivo tiene 1 error; corrígelos/);
    expect(await productByRef(good)).toBeUndefined();
    expect(await catalogueState()).toEqual(before);
    await expectError(
      await apply("referencia;marca\nX;Y"),
      422,
      /^El archivo tiene 2 errores: Falta la columna «modelo»/,
    );
  });

  it("an Idempotency-Key retried answers the first result; the same key with another file is refused", async () => {
    const ref = unique("KEY");
    const csv = `${HEADER}\n${ref};Nike;Air;;;40;;100000;;;`;
    const key = `csv-${unique("k")}`;
    const a = await apply(csv, { "Idempotency-Key": key });
    const b = await apply(csv, { "Idempotency-Key": key });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await b.text()).toBe(await a.text());
    await expectError(
      await apply(`${csv}\n${ref};Nike;Air;;;41;;100000;;;`, { "Idempotency-Key": key }),
      422,
      KEY_REUSED,
    );
  });

  it("another company's administrador imports into their own catalogue: the demo's product with that reference is untouched", async () => {
    const [demo] = await (await dbOf(companyId))
      .select()
      .from(products)
      .where(eq(products.companyId, companyId))
      .limit(1);
    if (!demo) throw new Error("no demo product");
    const other = await login(DEMO.otherAdmin);
    const csv = `referencia;marca;modelo;talla;precio (COP)\n${demo.referenceCode};Otra;Modelo;40;1000`;
    expect((await dryRun(csv, other)).rows[0]?.action).toBe("create");
    expect((await apply(csv, {}, other)).status).toBe(200);
    expect(await productByRef(demo.referenceCode)).toEqual(demo);
    expect((await productByRef(demo.referenceCode, otherCompanyId))?.brand).toBe("Otra");
    const { text } = await exportCsv(other);
    expect(text).toContain(`${demo.referenceCode};Otra;Modelo;`);
    expect(text).not.toContain(`${demo.referenceCode};${demo.brand};`);
  });

  it("is the administrador's: the boss, bodeguero, seller and corredor are refused", async () => {
    await expectDenied(["boss", "bodeguero", "seller", "corredor"], (token) =>
      api(`${P}/import/apply`, { method: "POST", token, json: { csv: HEADER } }),
    );
  });
});

describe("races: ten applies of one file at the same moment", () => {
  const file = (ref: string) =>
    `${HEADER}\n${ref};Nike;Race;;;40;;100000;;;\n${ref};Nike;Race;;;41;;100000;;;\n${ref}-B;Nike;Race B;;;40;;90000;;;`;
  const count = async (ref: string) => {
    const [row] = await (await dbOf(companyId)).all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM products WHERE company_id = ${companyId} AND reference_code IN (${ref}, ${`${ref}-B`})`,
    );
    return row?.n ?? 0;
  };

  it("with one Idempotency-Key: one effect, the same answer to all", async () => {
    const ref = unique("RACEK");
    const token = await admin();
    const key = `race-${unique("k")}`;
    const answers = await burst(10, () =>
      api(`${P}/import/apply`, {
        method: "POST",
        token,
        json: { csv: file(ref) },
        headers: { "Idempotency-Key": key },
      }),
    );
    for (const a of answers) {
      expect(a.status, a.body).toBe(200);
      expect(a.body).toBe(answers[0]?.body);
    }
    expect(answers.filter((a) => a.replayed === "true")).toHaveLength(9);
    expect(await count(ref)).toBe(2);
    await invariantsHold();
  });

  it("without a key: every answer 200 (or 409 to retry), each product created once, creations counted once", async () => {
    const ref = unique("RACE");
    const token = await admin();
    const answers = await burst(10, () =>
      api(`${P}/import/apply`, { method: "POST", token, json: { csv: file(ref) } }),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.status);
    const created = answers
      .filter((a) => a.status === 200)
      .reduce(
        (n, a) => n + (JSON.parse(a.body) as { summary: { products_created: number } }).summary.products_created,
        0,
      );
    expect(created).toBe(2);
    expect(await count(ref)).toBe(2);
    const product = await productByRef(ref);
    if (!product) throw new Error(ref);
    expect(await sizesOf(product.id)).toHaveLength(2);
    await invariantsHold();
  });
});
