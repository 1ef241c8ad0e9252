import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCentavos } from "../../worker/domain/shared/money";
import { insufficientBoxes, MAX_BOXES, MAX_PRICE_PESOS } from "../../worker/domain/wholesale/limits";
import {
  assertSellable,
  omitBlank,
  priceCentavos,
  productPatch,
  type StatsProduct,
  saleTotalCentavos,
  saleUnitCentavos,
  toProductDto,
  toSaleDto,
  wholesaleStats,
} from "../../worker/domain/wholesale/rules";
import type { ApiError } from "../../worker/lib/errors";
import { thrownRefusal } from "../../worker/lib/http";

/** The answer a refusal the rule threw gets (through the one mapping of worker/lib/http.ts). */
function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    const refusal = thrownRefusal(err);
    if (refusal) return refusal;
    throw err;
  }
  throw new Error("expected a refusal");
}

const boxes = fc.integer({ min: 1, max: MAX_BOXES });
const centavos = fc.integer({ min: 1, max: MAX_PRICE_PESOS * 100 });

describe("sale total = boxes × price, in centavos", () => {
  it("is exact for every allowed number of boxes and price", () => {
    fc.assert(
      fc.property(boxes, centavos, (b, c) => {
        const total = saleTotalCentavos(b, c);
        return Number.isSafeInteger(total) && total === b * c && total / b === c;
      }),
    );
  });

  it("adds up like repeated single-box sales (no rounding drift)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), centavos, (b, c) => {
        let sum = 0;
        for (let i = 0; i < b; i++) sum += saleTotalCentavos(1, c);
        return sum === saleTotalCentavos(b, c);
      }),
    );
  });

  it("handles pesos with decimals through centavos, not floats", () => {
    // 0.1 + 0.2 style errors would show here with floating pesos.
    expect(saleTotalCentavos(3, toCentavos(0.1))).toBe(30);
    expect(saleTotalCentavos(7, priceCentavos(19.99))).toBe(13_993);
    expect(saleTotalCentavos(12, priceCentavos(1_250_000))).toBe(1_500_000_000);
  });

  it("refuses zero, fractional or negative boxes and prices below a centavo (422)", () => {
    expect(apiError(() => saleTotalCentavos(0, 100)).status).toBe(422);
    expect(apiError(() => saleTotalCentavos(1.5, 100)).status).toBe(422);
    expect(apiError(() => saleTotalCentavos(-1, 100)).status).toBe(422);
    expect(apiError(() => saleTotalCentavos(1, 0)).status).toBe(422);
    expect(apiError(() => saleTotalCentavos(Number.MAX_SAFE_INTEGER, 2)).detail).toMatch(/demasiado alto/);
  });
});

describe("sale price", () => {
  it("defaults to the product's price and otherwise takes the one sent", () => {
    fc.assert(fc.property(centavos, (c) => saleUnitCentavos(c, null) === c && saleUnitCentavos(c, undefined) === c));
    expect(saleUnitCentavos(500_000, 450_000.5)).toBe(45_000_050);
  });

  it("never stores less than one centavo", () => {
    expect(apiError(() => priceCentavos(0)).detail).toBe("El precio debe ser mayor a 0");
    expect(apiError(() => priceCentavos(0.004)).detail).toBe("El precio debe ser mayor a 0");
    expect(apiError(() => priceCentavos(-10)).status).toBe(422);
    expect(priceCentavos(0.01)).toBe(1);
    expect(apiError(() => priceCentavos(MAX_PRICE_PESOS + 1)).status).toBe(422);
  });
});

describe("boxes available", () => {
  it("allows 1..available boxes of an active product and refuses more (409, spec text)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 2000 }), (available, asked) => {
        const product = { isActive: true, cantidadCajasDisponibles: available };
        if (asked <= available) {
          assertSellable(product, asked);
          return true;
        }
        const err = apiError(() => assertSellable(product, asked));
        return (
          err.status === 409 && err.detail === `Cajas insuficientes: disponibles ${available}, solicitadas ${asked}`
        );
      }),
    );
  });

  it("refuses any sale of an inactive product", () => {
    const err = apiError(() => assertSellable({ isActive: false, cantidadCajasDisponibles: 50 }, 1));
    expect(err.status).toBe(409);
    expect(err.detail).toBe("El producto no está activo");
  });

  it("never reports negative availability", () => {
    expect(insufficientBoxes(-2, 1)).toBe("Cajas insuficientes: disponibles 0, solicitadas 1");
  });
});

describe("edits send only the changed fields", () => {
  it("drops blank and null values of the listed keys only", () => {
    expect(
      omitBlank({ precio: "", pares_por_caja: null, cantidad_cajas_disponibles: " ", modelo: "", tallas: null }, [
        "precio",
        "pares_por_caja",
        "cantidad_cajas_disponibles",
      ]),
    ).toEqual({ modelo: "", tallas: null });
    expect(omitBlank({ precio: 0, is_active: false }, ["precio", "is_active"])).toEqual({
      precio: 0,
      is_active: false,
    });
  });

  it("maps only what was sent, price to centavos", () => {
    expect(productPatch({})).toEqual({});
    expect(productPatch({ precio: 12_500.5, is_active: false })).toEqual({ precio: 1_250_050, isActive: false });
    expect(productPatch({ tallas: null, cantidad_cajas_disponibles: 0 })).toEqual({
      tallas: null,
      cantidadCajasDisponibles: 0,
    });
    expect(productPatch({ modelo: "Bota 300", pares_por_caja: 12 })).toEqual({ modelo: "Bota 300", paresPorCaja: 12 });
  });
});

describe("the five stat cards", () => {
  const product = fc.record({
    cantidadCajasDisponibles: fc.integer({ min: 0, max: 1000 }),
    paresPorCaja: fc.integer({ min: 1, max: 24 }),
    precio: fc.integer({ min: 1, max: 500_000_000 }),
    isActive: fc.boolean(),
  });

  it("count and value only active products, exactly in centavos", () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 40 }), (products: StatsProduct[]) => {
        const stats = wholesaleStats(products, { count: 0, boxes: 0, totalCentavos: 0 });
        const active = products.filter((p) => p.isActive);
        const valueCentavos = active.reduce((a, p) => a + p.cantidadCajasDisponibles * p.precio, 0);
        return (
          stats.productos_activos === active.length &&
          stats.total_productos === products.length &&
          stats.total_cajas_disponibles === active.reduce((a, p) => a + p.cantidadCajasDisponibles, 0) &&
          stats.total_pares_disponibles ===
            active.reduce((a, p) => a + p.cantidadCajasDisponibles * p.paresPorCaja, 0) &&
          toCentavos(stats.valor_inventario) === valueCentavos
        );
      }),
    );
  });

  it("report the sales totals in pesos", () => {
    const stats = wholesaleStats(
      [
        { cantidadCajasDisponibles: 4, paresPorCaja: 12, precio: 120_000_000, isActive: true },
        { cantidadCajasDisponibles: 9, paresPorCaja: 6, precio: 50_000_000, isActive: false },
      ],
      { count: 3, boxes: 7, totalCentavos: 84_000_050 },
    );
    expect(stats).toEqual({
      productos_activos: 1,
      total_cajas_disponibles: 4,
      valor_inventario: 4_800_000,
      total_ventas: 3,
      valor_total_ventas: 840_000.5,
      total_productos: 2,
      total_pares_disponibles: 48,
      total_cajas_vendidas: 7,
    });
  });

  it("are all zero for a company without wholesale", () => {
    expect(Object.values(wholesaleStats([], { count: 0, boxes: 0, totalCentavos: 0 })).every((x) => x === 0)).toBe(
      true,
    );
  });
});

describe("answers", () => {
  it("use the spec's Spanish names, pesos and a company-scoped file URL", () => {
    const row = {
      id: 7,
      companyId: 1,
      modelo: "Bota 300",
      cantidadCajasDisponibles: 3,
      paresPorCaja: 12,
      precio: 150_000_050,
      fotoKey: "company/1/mayoreo/x.jpg",
      tallas: "36-41",
      isActive: true,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
    };
    expect(toProductDto(row)).toEqual({
      id: 7,
      modelo: "Bota 300",
      cantidad_cajas_disponibles: 3,
      pares_por_caja: 12,
      precio: 1_500_000.5,
      tallas: "36-41",
      // the spec's name and Horma's, the same URL
      foto: "/api/v1/files/company/1/mayoreo/x.jpg",
      foto_url: "/api/v1/files/company/1/mayoreo/x.jpg",
      is_active: true,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-02T00:00:00.000Z",
    });
    expect(toProductDto({ ...row, fotoKey: null })).toMatchObject({ foto: null, foto_url: null });
    expect(
      toSaleDto(
        {
          id: 2,
          companyId: 1,
          mayoreoId: 7,
          cantidadCajasVendidas: 2,
          precioUnitarioVenta: 150_000_050,
          totalVenta: 300_000_100,
          fechaVenta: "2026-01-03T00:00:00.000Z",
          notas: null,
          sellerId: 5,
        },
        "Bota 300",
      ),
    ).toEqual({
      id: 2,
      mayoreo_id: 7,
      mayoreo_producto: "Bota 300",
      cantidad_cajas_vendidas: 2,
      precio_unitario_venta: 1_500_000.5,
      total_venta: 3_000_001,
      fecha_venta: "2026-01-03T00:00:00.000Z",
      notas: null,
    });
  });
});
