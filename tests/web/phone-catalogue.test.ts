import { describe, expect, it } from "vitest";
import { decodeCatalogue, guessesFor } from "../../web/src/ml/catalogue";
import type { CataloguePayload } from "../../web/src/ml/protocol";

const base64 = (values: number[]) => btoa(String.fromCharCode(...new Uint8Array(Int8Array.from(values).buffer)));

const product = (id: number, hasReferences: boolean) => ({
  product_id: id,
  reference_code: `REF-${id}`,
  brand: "Marca",
  model: `Modelo ${id}`,
  color: null,
  unit_price: 100_000,
  image_url: null,
  has_references: hasReferences,
  variants: [],
});

describe("the phone catalogue's on-device ranking", () => {
  it("compares only the products with references; the others are there for the search", () => {
    const payload: CataloguePayload = {
      model_id: "test",
      dims: 4,
      encoding: "int8-base64",
      scale: 1 / 127,
      count: 2,
      product_ids: [1, 1],
      vectors: base64([127, 0, 0, 0, 90, 90, 0, 0]),
      colour_bins: 0,
      colour_margin: 0,
      colour_product_ids: [],
      colours: "",
      // product 2 has no photos enrolled: listed, never ranked
      products: [product(1, true), product(2, false)],
    };
    const loaded = decodeCatalogue(payload);
    expect(loaded.products.size).toBe(2);
    expect(loaded.catalogue.productIds).toEqual([1, 1]);
    const guesses = guessesFor(Float32Array.from([0, 0, 1, 0]), loaded, 5);
    expect(guesses.map((g) => g.product_id)).toEqual([1]);
    expect(guesses[0]?.product?.has_references).toBe(true);
  });
});
