import { describe, expect, it } from "vitest";
import { generateReferenceCode, planDistribution, sniffVideo } from "../../worker/domain/stock/inventory-entry";

describe("size distribution", () => {
  it("drops empty entries, sums per size and location", () => {
    const cells = planDistribution([
      {
        size: "40",
        pairs: [
          { location_id: 1, quantity: 2 },
          { location_id: 1, quantity: 1 },
          { location_id: null, quantity: 5 },
          { location_id: 2, quantity: 0 },
        ],
      },
      { size: "41", left_feet: [{ location_id: 2, quantity: 1 }], right_feet: [{ location_id: 1, quantity: 1 }] },
      { size: "  ", pairs: [{ location_id: 1, quantity: 9 }] },
    ]);
    expect(cells).toEqual([
      { size: "40", locationId: 1, pairs: 3, left: 0, right: 0 },
      { size: "41", locationId: 2, pairs: 0, left: 1, right: 0 },
      { size: "41", locationId: 1, pairs: 0, left: 0, right: 1 },
    ]);
  });

  it("refuses unequal feet per size with the spec's text", () => {
    expect(() =>
      planDistribution([
        { size: "38", left_feet: [{ location_id: 1, quantity: 3 }], right_feet: [{ location_id: 2, quantity: 1 }] },
      ]),
    ).toThrow("Error en talla 38: Pies izquierdos (3) debe ser igual a pies derechos (1)");
  });

  it("needs at least one valid size", () => {
    expect(() => planDistribution([])).toThrow("Por favor ingresa al menos una talla con distribución válida");
    expect(() => planDistribution([{ size: "40", pairs: [{ location_id: 1, quantity: 0 }] }])).toThrow(
      /al menos una talla/,
    );
  });
});

describe("reference codes and video sniffing", () => {
  it("builds a code from brand and model with a random suffix", () => {
    expect(generateReferenceCode("New Balance", "327 Vintage", () => 0)).toBe("NEWB-327VIN-0000");
    expect(generateReferenceCode("Ñ", "Ü", () => 0.5)).toMatch(/^NX-UX-[0-9A-Z]{4}$/);
  });

  it("recognises WebM and MP4 by their bytes only", () => {
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))?.mime).toBe("video/webm");
    expect(sniffVideo(new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]))?.mime).toBe("video/mp4");
    expect(sniffVideo(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  });
});
