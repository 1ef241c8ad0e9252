import { describe, expect, it } from "vitest";
import { catalogueCsv } from "../../worker/domain/catalogue/csv/export";
import { type CsvRow, detectDelimiter, parseCsv } from "../../worker/domain/catalogue/csv/parse";
import { type CatalogueProduct, planImport } from "../../worker/domain/catalogue/csv/plan";
import { pesosOf } from "../../worker/domain/catalogue/csv/values";

// The catalogue's CSV (worker/domain/catalogue/csv/): reading the file, the plan of an import, the export.

const HEADER = "referencia;marca;modelo;color;categoría;talla;código de barras;precio (COP);costo (COP);IVA;activo";

const product = (over: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id: 1,
  referenceCode: "NK-AIR-001",
  brand: "Nike",
  model: "Air Zoom",
  color: "Negro",
  category: "running",
  gender: null,
  unitPrice: 32_990_000,
  boxPrice: null,
  costPrice: 18_000_000,
  taxClass: "iva_19",
  isActive: true,
  variants: [
    { size: "40", barcode: "7701234567897", sku: null },
    { size: "41", barcode: null, sku: null },
  ],
  ...over,
});

function rows(text: string): CsvRow[] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join(" | "));
  return parsed.rows;
}

describe("parseCsv", () => {
  it("reads ; or , files, a BOM, quoted commas, quotes and line breaks, numbering rows as a spreadsheet", () => {
    const text = `\uFEFF${HEADER}\r\nR1;Nike;"Air; ""Zoom""";"Negro,\nrojo";running;40;;329900;;iva_19;sí\r\n;;;;;;;;;;\r\nR2;Adidas;Samba;;;;;199.900;;;\r\n`;
    const parsed = rows(text);
    expect(parsed.map((r) => r.row)).toEqual([2, 4]);
    expect(parsed[0]?.cells).toMatchObject({ reference: "R1", model: 'Air; "Zoom"', color: "Negro,\nrojo" });
    expect(detectDelimiter(HEADER)).toBe(";");
    expect(detectDelimiter(HEADER.replaceAll(";", ","))).toBe(",");
    const comma = rows(`${HEADER.replaceAll(";", ",")}\nR1,Nike,"Air, Zoom",,,40,,329900,,,`);
    expect(comma[0]?.cells.model).toBe("Air, Zoom");
  });

  it("refuses unknown or missing columns, unclosed quotes and rows with too many cells, in Spanish", () => {
    const bad = parseCsv("referencia;marca;cotso\nR1;Nike;1");
    expect(bad.ok).toBe(false);
    const messages = bad.ok ? [] : bad.errors.map((e) => e.message);
    expect(messages.join(" ")).toMatch(/La columna «cotso»/);
    expect(messages).toContain("Falta la columna «modelo»");
    const quotes = parseCsv(`${HEADER}\nR1;Nike;"Air;;;;;;;;;`);
    expect(quotes.ok ? [] : quotes.errors.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^Fila 2: .*comillas/),
    );
    const wide = parseCsv(`${HEADER}\nR1;Nike;Air;;;;;1;;;;extra`);
    expect(wide.ok ? [] : wide.errors.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^Fila 2: tiene 12 celdas/),
    );
  });

  it("takes off the apostrophe the export puts before a formula", () => {
    expect(rows(`${HEADER}\nR1;Nike;'=HYPERLINK();;;;;1;;;`)[0]?.cells.model).toBe("=HYPERLINK()");
  });
});

describe("pesosOf", () => {
  it("reads whole pesos as spreadsheets write them, and nothing else", () => {
    expect(pesosOf("129900")).toBe(129_900);
    expect(pesosOf("129.900")).toBe(129_900);
    expect(pesosOf("$ 1.299.000")).toBe(1_299_000);
    expect(pesosOf("129900,00")).toBe(129_900);
    for (const bad of ["129900,50", "12.99", "-5", "abc", "1,299,000"]) expect(pesosOf(bad), bad).toBeNull();
  });
});

describe("planImport", () => {
  it("says create, update (old → new), unchanged and error per row", () => {
    const text = [
      HEADER,
      "NK-AIR-001;Nike;Air Zoom;Negro;running;40;7701234567897;339900;180000;iva_19;sí",
      "NK-AIR-001;Nike;Air Zoom;Negro;running;41;;339900;180000;iva_19;sí",
      "NK-AIR-001;Nike;Air Zoom;Negro;running;42;;339900;180000;iva_19;sí",
      "NEW-1;Puma;Suede;;casual;38;;199900;;;",
      "NEW-2;Puma;RS-X;;casual;38;;12,50;;;",
      "NEW-3;Puma;Cali;;zapatos;38;7701234567897;99000;;;",
    ].join("\n");
    const plan = planImport(rows(text), [product()]);
    expect(plan.rows.map((r) => [r.row, r.action])).toEqual([
      [2, "update"],
      [3, "unchanged"],
      [4, "create"],
      [5, "create"],
      [6, "error"],
      [7, "error"],
    ]);
    expect(plan.rows[0]?.changes).toEqual([{ field: "unit_price", from: 329_900, to: 339_900 }]);
    expect(plan.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Fila 6, precio: debe ser un número entero de pesos/),
      expect.stringMatching(/^Fila 7, categoría: la categoría no es válida/),
      "Fila 7, código de barras: 7701234567897 ya es el código de barras de Nike Air Zoom (referencia NK-AIR-001, talla 40)",
    ]);
    expect(plan.writes).toEqual([]);
  });

  it("plans writes only without errors: price changes in centavos, new sizes, a new product", () => {
    const text = [
      HEADER,
      "nk-air-001;Nike;Air Zoom;Negro;running;42;;339900;180000;iva_19;sí",
      "NEW-1;Puma;Suede;;casual;38;;199900;;;",
    ].join("\n");
    const plan = planImport(rows(text), [product()]);
    expect(plan.errors).toEqual([]);
    const [update, create] = plan.writes;
    expect(update?.reference).toBe("NK-AIR-001");
    expect(update?.set).toEqual({ unitPrice: 33_990_000 });
    expect(update?.priceChanges).toEqual([{ field: "unit_price", oldValue: 32_990_000, newValue: 33_990_000 }]);
    expect(update?.sizes).toEqual([{ size: "42", barcode: null, sku: null, isNew: true }]);
    expect(create?.existing).toBeNull();
    expect(create?.set).toMatchObject({ brand: "Puma", model: "Suede", unitPrice: 19_990_000, category: "casual" });
    expect(plan.summary).toMatchObject({ products_created: 1, products_updated: 1, sizes_created: 2 });
  });

  it("a reference's rows must agree on the product's fields, and a size comes once", () => {
    const text = [
      HEADER,
      "R1;Nike;Air;;;40;;100000;;;",
      "R1;Nike;Air;;;41;;120000;;;",
      "r1;Nike;Air;;;40;;100000;;;",
    ].join("\n");
    expect(planImport(rows(text), []).errors.map((e) => e.message)).toEqual([
      "Fila 3, precio: no coincide con la fila 2 de la misma referencia",
      "Fila 4, talla: la talla 40 de esta referencia ya está en la fila 2",
    ]);
  });

  it("the export read back plans nothing: every row unchanged (a price with centavos by its whole pesos)", () => {
    const catalogue = [
      product(),
      product({
        id: 2,
        referenceCode: "=CMD-1",
        model: 'Modelo; con "comillas"',
        color: null,
        unitPrice: 12_345_050,
        variants: [],
        isActive: false,
        taxClass: "exento",
      }),
    ];
    const text = catalogueCsv(catalogue);
    expect(text.startsWith("\uFEFFreferencia;marca;modelo")).toBe(true);
    expect(text).toContain(`"'=CMD-1"`);
    const plan = planImport(rows(text), catalogue);
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => r.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(plan.writes).toEqual([]);
  });
});
