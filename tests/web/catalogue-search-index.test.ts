import { describe, expect, it } from "vitest";
import {
  buildIndex,
  buildIndexInSteps,
  normalise,
  type SearchableProduct,
  SUGGESTION_LIMIT,
  searchCatalogue,
} from "../../web/src/lib/catalogue/search";

type P = SearchableProduct & { has_references: boolean };

const product = (id: number, patch: Partial<P> = {}): P => ({
  product_id: id,
  reference_code: `REF-${id}`,
  brand: "Marca",
  model: `Modelo ${id}`,
  color: null,
  has_references: true,
  variants: [],
  ...patch,
});

const CATALOGUE: P[] = [
  product(1, {
    reference_code: "NIKEAIRM-01",
    brand: "Nike",
    model: "Air Max 90",
    color: "Blanco",
    variants: [
      { size: "40", barcode: "7701234567897", sku: "NIKEAIRM-01-40" },
      { size: "41", barcode: "0036000291452", sku: "NIKEAIRM-01-41" },
    ],
  }),
  product(2, { reference_code: "NIKECORT-01", brand: "Nike", model: "Cortez", color: "Rojo" }),
  product(3, { reference_code: "ADIDSAMB-01", brand: "Adidas", model: "Samba OG", color: "Café" }),
  // no photos enrolled: still findable
  product(4, {
    reference_code: "CONVERSE-01",
    brand: "Converse",
    model: "Chuck 70 Low",
    color: "Azul océano",
    has_references: false,
    variants: [{ size: "38", barcode: null, sku: "CHUCK-38" }],
  }),
  product(5, { reference_code: "NIKEAIRM-012", brand: "Nike", model: "Air Max Plus", color: "Negro" }),
];

const index = buildIndex(CATALOGUE);
const ids = (typed: string) => searchCatalogue(index, typed).map((s) => s.product.product_id);

describe("normalise", () => {
  it("drops accents and case and collapses spaces", () => {
    expect(normalise("  Azul   OCÉANO\tCafé ")).toBe("azul oceano cafe");
    expect(normalise("Ñandú")).toBe("nandu");
  });
});

describe("searchCatalogue", () => {
  it("finds by brand, model or colour whatever the accents and case", () => {
    expect(ids("cafe")).toEqual([3]);
    expect(ids("CAFÉ")).toEqual([3]);
    expect(ids("oceano")).toEqual([4]);
    expect(ids("samba")).toEqual([3]);
  });

  it("needs every typed word to start a word of the product (AND), in any order", () => {
    expect(ids("nike air")).toEqual([1, 5]);
    expect(ids("air nike negro")).toEqual([5]);
    expect(ids("nike samba")).toEqual([]);
    expect(ids("max 9")).toEqual([1]);
  });

  it("finds products without references (no photos enrolled)", () => {
    const [hit] = searchCatalogue(index, "chuck");
    expect(hit?.product).toMatchObject({ product_id: 4, has_references: false });
  });

  it("ranks an exact code before codes that start with it, before text matches", () => {
    const found = searchCatalogue(index, "nikeairm-01");
    expect(found.map((s) => [s.product.product_id, s.matchedBy, s.exact])).toEqual([
      [1, "reference_code", true],
      [5, "reference_code", false],
    ]);
    // the reference without its dash, in lower case
    expect(searchCatalogue(index, "nikeairm01")[0]).toMatchObject({ exact: true, matchedBy: "reference_code" });
    // a code prefix comes before a product that only matches by text
    const mixed = buildIndex([product(7, { brand: "Conversa", model: "X" }), product(8, { reference_code: "CONV-9" })]);
    expect(searchCatalogue(mixed, "conv").map((s) => s.product.product_id)).toEqual([8, 7]);
  });

  it("a full barcode or SKU names its size; a prefix of one size's codes too", () => {
    expect(searchCatalogue(index, "7701234567897")[0]).toMatchObject({
      matchedBy: "barcode",
      exact: true,
      size: "40",
      product: { product_id: 1 },
    });
    expect(searchCatalogue(index, "nikeairm-01-41")[0]).toMatchObject({ matchedBy: "sku", exact: true, size: "41" });
    // the start of several sizes' SKUs names no size
    expect(searchCatalogue(index, "NIKEAIRM-01-4")[0]).toMatchObject({ matchedBy: "sku", exact: false, size: null });
    expect(searchCatalogue(index, "chuck-38")[0]).toMatchObject({ matchedBy: "sku", exact: true, size: "38" });
    expect(searchCatalogue(index, "77012345")[0]).toMatchObject({ matchedBy: "barcode", exact: false, size: "40" });
  });

  it("reads a 12-digit UPC-A as its EAN-13 with a leading 0", () => {
    expect(searchCatalogue(index, "036000291452")[0]).toMatchObject({
      matchedBy: "barcode",
      exact: true,
      size: "41",
      product: { product_id: 1 },
    });
    expect(searchCatalogue(index, "0360002")[0]).toMatchObject({ matchedBy: "barcode", size: "41" });
  });

  it("answers nothing for blank text and at most the limit", () => {
    expect(ids("   ")).toEqual([]);
    const many = buildIndex(Array.from({ length: 30 }, (_, i) => product(i + 1, { brand: "Nike" })));
    expect(searchCatalogue(many, "nike")).toHaveLength(SUGGESTION_LIMIT);
  });

  it("finds exact codes among 5,000 products with 10 sizes each", async () => {
    const words = ["Nike", "Adidas", "Puma", "Converse", "Vans", "Reebok", "New Balance", "Asics"];
    const colours = ["Negro", "Blanco", "Rojo", "Azul océano", "Café", "Gris", "Verde"];
    const big = Array.from({ length: 5_000 }, (_, i) =>
      product(i + 1, {
        reference_code: `REF${String(i).padStart(5, "0")}-01`,
        brand: words[i % words.length] ?? "Nike",
        model: `Modelo ${i} Edición ${i % 13}`,
        color: colours[i % colours.length] ?? null,
        variants: Array.from({ length: 10 }, (_, s) => ({
          size: String(35 + s),
          barcode: `77${String(i * 10 + s).padStart(10, "0")}`,
          sku: `REF${String(i).padStart(5, "0")}-${35 + s}`,
        })),
      }),
    );
    // correctness at catalogue scale; its speed per keystroke is measured by the bench, not asserted here
    const bigIndex = buildIndex(big);
    // the app builds it in steps (the main thread given back between them): the same index
    expect(await buildIndexInSteps(big)).toEqual(bigIndex);
    expect(searchCatalogue(bigIndex, "REF04210-40")[0]).toMatchObject({ exact: true, size: "40" });
    expect(searchCatalogue(bigIndex, "770000042101")[0]).toMatchObject({ exact: true, size: "36" });
    expect(searchCatalogue(bigIndex, "zzz")).toEqual([]);

    // what most of the catalogue matches: the first suggestions in listing order (brand, model, colour)
    const label = (p: P) => normalise(`${p.brand} ${p.model} ${p.color ?? ""}`);
    const firstByLabel = (keep: (p: P) => boolean) =>
      big
        .filter(keep)
        .sort((a, b) => (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0))
        .slice(0, SUGGESTION_LIMIT)
        .map((p) => p.product_id);
    const idsOf = (typed: string) => searchCatalogue(bigIndex, typed).map((s) => s.product.product_id);
    expect(idsOf("7")).toEqual(firstByLabel(() => true));
    expect(idsOf("ref0")).toEqual(firstByLabel(() => true));
    expect(idsOf("modelo 4")).toEqual(firstByLabel((p) => / 4\d* /.test(` ${p.model} `)));
    expect(idsOf("nike 42")).toEqual(firstByLabel((p) => p.brand === "Nike" && / 42\d* /.test(` ${p.model} `)));
    // a code that names one product comes before the text matches of every other
    const exact = searchCatalogue(bigIndex, "ref00042-01");
    expect(exact[0]).toMatchObject({ matchedBy: "reference_code", exact: true, product: { product_id: 43 } });
  });
});
