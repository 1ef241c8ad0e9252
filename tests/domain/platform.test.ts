import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  effectiveInvoiceStatus,
  expiringSoon,
  invoiceNumber,
  limitExcess,
  moduleNotIncluded,
  modulesOf,
  monthlyCost,
  monthPeriod,
  nearLimit,
  planDisplayName,
  usagePercent,
} from "../../worker/domain/platform/rules";

describe("platform rules (spec 2)", () => {
  it("numbers invoices INV-YYYYMM-<company>-<seq>", () => {
    expect(invoiceNumber("2026-11-01", 7, 3)).toBe("INV-202611-0007-003");
  });
  it("periods, due dates and overdue", () => {
    expect(monthPeriod("2026-02-14")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(monthPeriod("2028-02-03").end).toBe("2028-02-29");
    expect(addDays("2026-11-22", 15)).toBe("2026-12-07");
    expect(effectiveInvoiceStatus("pending", "2026-11-21", "2026-11-22")).toBe("overdue");
    expect(effectiveInvoiceStatus("pending", "2026-11-22", "2026-11-22")).toBe("pending");
    expect(effectiveInvoiceStatus("paid", "2020-01-01", "2026-11-22")).toBe("paid");
  });
  it("usage, near limit (≥ 80 % of either) and expiring soon (≤ 7 days)", () => {
    expect(usagePercent(4, 5)).toBe(80);
    expect(usagePercent(1, 0)).toBe(100);
    expect(nearLimit({ locations: 4, maxLocations: 5, employees: 0, maxEmployees: 10 })).toBe(true);
    expect(nearLimit({ locations: 3, maxLocations: 5, employees: 7, maxEmployees: 10 })).toBe(false);
    expect(nearLimit({ locations: 0, maxLocations: 5, employees: 8, maxEmployees: 10 })).toBe(true);
    expect(expiringSoon("2026-11-29", "2026-11-22")).toBe(true);
    expect(expiringSoon("2026-11-30", "2026-11-22")).toBe(false);
    expect(expiringSoon("2026-11-21", "2026-11-22")).toBe(false);
    expect(expiringSoon(null, "2026-11-22")).toBe(false);
  });
  it("monthly cost is active locations times the price, as the invoice computes it", () => {
    expect(monthlyCost(5, 100)).toBe(500);
    expect(monthlyCost(0, 100)).toBe(0);
  });
});

describe("downgrades below current use", () => {
  it("names the excess of locations and employees in Spanish", () => {
    expect(limitExcess("Básico", { locations: 4, employees: 3 }, { maxLocations: 2, maxEmployees: 10 })).toBe(
      "El plan Básico permite 2 ubicaciones y la empresa tiene 4 activas; desactiva 2 antes de cambiar",
    );
    expect(limitExcess("Básico", { locations: 1, employees: 12 }, { maxLocations: 3, maxEmployees: 10 })).toBe(
      "El plan Básico permite 10 empleados y la empresa tiene 12 activos; desactiva 2 antes de cambiar",
    );
    expect(limitExcess("Profesional", { locations: 2, employees: 2 }, { maxLocations: 1, maxEmployees: 1 })).toBe(
      "El plan Profesional permite 1 ubicación y la empresa tiene 2 activas; desactiva 1 antes de cambiar. " +
        "El plan Profesional permite 1 empleado y la empresa tiene 2 activos; desactiva 1 antes de cambiar",
    );
  });

  it("is null when the company fits, including exactly at the limits", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(50), fc.nat(50), (maxL, maxE, spareL, spareE) => {
        const usage = { locations: Math.max(0, maxL - spareL), employees: Math.max(0, maxE - spareE) };
        return limitExcess("X", usage, { maxLocations: maxL, maxEmployees: maxE }) === null;
      }),
    );
  });

  it("falls back to a Spanish plan name without a template", () => {
    expect(planDisplayName("custom")).toBe("Personalizado");
    expect(planDisplayName("basic", "Básico Plus")).toBe("Básico Plus");
    expect(planDisplayName("temporada")).toBe("temporada");
  });
});

describe("plan modules", () => {
  it("a module is included only when the template says true; no template (custom) includes all", () => {
    expect(modulesOf({ mayoreo: false, reportes_avanzados: true, escaneo: true })).toEqual({
      mayoreo: false,
      reportes_avanzados: true,
    });
    expect(modulesOf({})).toEqual({ mayoreo: false, reportes_avanzados: false });
    expect(modulesOf(null)).toEqual({ mayoreo: true, reportes_avanzados: true });
    expect(moduleNotIncluded("mayoreo")).toBe("Tu plan no incluye el módulo de mayoreo");
    expect(moduleNotIncluded("reportes_avanzados")).toBe("Tu plan no incluye el módulo de reportes avanzados");
  });
});
