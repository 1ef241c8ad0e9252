import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOW_STOCK_PAIRS,
  lowStockOf,
  OVERSTOCK_PAIRS,
  type ProductLocationStock,
  stockLevel,
  thresholdFor,
} from "../../worker/domain/stock/low-stock";

describe("poco stock: one definition", () => {
  it("is 1 to the threshold available pairs; 0 is agotado; above OVERSTOCK_PAIRS is sobrestock", () => {
    expect(stockLevel(0, 2)).toBe("agotado");
    expect(stockLevel(-1, 2)).toBe("agotado");
    expect(stockLevel(1, 2)).toBe("poco");
    expect(stockLevel(2, 2)).toBe("poco");
    expect(stockLevel(3, 2)).toBe("normal");
    expect(stockLevel(10, 10)).toBe("poco");
    expect(stockLevel(OVERSTOCK_PAIRS, 2)).toBe("normal");
    expect(stockLevel(OVERSTOCK_PAIRS + 1, 2)).toBe("sobrestock");
    expect(DEFAULT_LOW_STOCK_PAIRS).toBe(2);
  });

  it("takes the location's alert threshold where the administrador set one, the product's over the location's", () => {
    const alerts = [
      { locationId: 1, productReference: null, thresholdValue: 5 },
      { locationId: 1, productReference: "", thresholdValue: 4 },
      { locationId: 1, productReference: "REF-A", thresholdValue: 1 },
      { locationId: 2, productReference: "REF-B", thresholdValue: 8 },
    ];
    expect(thresholdFor(alerts, 1, "REF-Z")).toBe(5); // the highest general alert of the location
    expect(thresholdFor(alerts, 1, "REF-A")).toBe(1); // the product's own alert wins
    expect(thresholdFor(alerts, 2, "REF-B")).toBe(8);
    expect(thresholdFor(alerts, 2, "REF-Z")).toBe(DEFAULT_LOW_STOCK_PAIRS); // no general alert there
    expect(thresholdFor([], 3, "REF-A")).toBe(DEFAULT_LOW_STOCK_PAIRS);
  });

  it("counts active products only", () => {
    const row = (productActive: boolean, available: number): ProductLocationStock => ({
      locationId: 1,
      locationName: "Local",
      locationType: "local",
      productId: 1,
      reference: "R",
      brand: "B",
      model: "M",
      price: 100,
      productActive,
      pairs: available,
      available,
      singles: 0,
      threshold: 2,
      level: stockLevel(available, 2),
    });
    expect(lowStockOf([row(true, 1), row(false, 1), row(true, 0), row(true, 3)])).toHaveLength(1);
  });
});
