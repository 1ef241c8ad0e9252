import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayRange, priceStretches, prorateInvoice } from "../../worker/domain/platform/proration";
import {
  addDays,
  effectiveInvoiceStatus,
  invoiceDueSoon,
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
  });
  it("'Vencen pronto': an unpaid invoice due within 7 days or already overdue; never a paid one", () => {
    expect(invoiceDueSoon("pending", "2026-11-29", "2026-11-22")).toBe(true);
    expect(invoiceDueSoon("pending", "2026-11-22", "2026-11-22")).toBe(true);
    expect(invoiceDueSoon("pending", "2026-11-30", "2026-11-22")).toBe(false);
    expect(invoiceDueSoon("pending", "2026-10-16", "2026-11-22")).toBe(true);
    expect(invoiceDueSoon("overdue", "2026-10-16", "2026-11-22")).toBe(true);
    expect(invoiceDueSoon("paid", "2026-11-23", "2026-11-22")).toBe(false);
    expect(invoiceDueSoon("paid", "2026-10-16", "2026-11-22")).toBe(false);
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

// ---------------------------------------------------------------- invoice proration (issue 32 §2)

const NAMES: Record<string, string> = { basic: "Básico", professional: "Profesional", enterprise: "Empresarial" };
const planName = (code: string) => NAMES[code] ?? code;
/** Pesos → centavos, as the domain keeps money. */
const c = (pesos: number) => pesos * 100;
const terms = (plan: string, pesos: number) => ({ plan, pricePerLocation: c(pesos) });
const NOV = { periodStart: "2026-11-01", periodEnd: "2026-11-30", planName };

describe("invoice proration by days", () => {
  it("a month without changes costs locations × price, in one line that says so", () => {
    const { total, lines } = prorateInvoice({ ...NOV, locations: 3, opening: terms("basic", 50_000), changes: [] });
    expect(total).toBe(c(150_000));
    expect(lines).toEqual([
      expect.objectContaining({ start: "2026-11-01", end: "2026-11-30", days: 30, amount: c(150_000) }),
    ]);
    expect(lines[0]?.description).toBe("Plan Básico, 1–30 nov (30 días): 3 ubicaciones × $ 50.000 al mes");
  });

  it("a change on the 15th: the old price for the 1st–14th, the new one from the 15th (exact pesos)", () => {
    const { total, lines } = prorateInvoice({
      ...NOV,
      locations: 3,
      opening: terms("professional", 90_000),
      changes: [{ effectiveDate: "2026-11-15", terms: terms("enterprise", 150_000) }],
    });
    // 3 × 90.000 × 14/30 = 126.000; 3 × 150.000 × 16/30 = 240.000
    expect(lines.map((l) => [l.plan, l.start, l.end, l.days, l.amount])).toEqual([
      ["professional", "2026-11-01", "2026-11-14", 14, c(126_000)],
      ["enterprise", "2026-11-15", "2026-11-30", 16, c(240_000)],
    ]);
    expect(total).toBe(c(366_000));
    expect(lines.map((l) => l.description)).toEqual([
      "Plan Profesional, 1–14 nov (14 de 30 días): 3 ubicaciones × $ 90.000 al mes × 14/30",
      "Plan Empresarial, 15–30 nov (16 de 30 días): 3 ubicaciones × $ 150.000 al mes × 16/30",
    ]);
  });

  it("rounds to whole pesos on the running sum: the lines add up to the total, the total is the exact sum rounded", () => {
    // October has 31 days: 100.000 × 10/31 = 32.258,06 and 50.000 × 21/31 = 33.870,97 → 66.129,03
    const oct = prorateInvoice({
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      planName,
      locations: 1,
      opening: terms("professional", 100_000),
      changes: [{ effectiveDate: "2026-10-11", terms: terms("basic", 50_000) }],
    });
    expect(oct.lines.map((l) => l.amount)).toEqual([c(32_258), c(33_871)]);
    expect(oct.total).toBe(c(66_129));
    // February 2026 (28 days), two changes: 32.142,54 + 83.332,50 + 10.714,18 = 126.189,21; rounding each
    // line alone would give 32.143 + 83.333 + 10.714 = 126.190, a peso more than the month costs
    const feb = prorateInvoice({
      periodStart: "2026-02-01",
      periodEnd: "2026-02-28",
      planName,
      locations: 3,
      opening: terms("basic", 33_333),
      changes: [
        { effectiveDate: "2026-02-10", terms: terms("professional", 77_777) },
        { effectiveDate: "2026-02-20", terms: terms("basic", 11_111) },
      ],
    });
    expect(feb.lines.map((l) => [l.days, l.amount])).toEqual([
      [9, c(32_143)],
      [10, c(83_332)],
      [9, c(10_714)],
    ]);
    expect(feb.total).toBe(c(126_189));
  });

  it("always: whole pesos, the parts sum to the total, each part within a peso of its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 2_000_000 })), {
          maxLength: 4,
        }),
        (locations, opening, raw) => {
          const changes = [...raw]
            .sort((a, b) => a[0] - b[0])
            .map(([day, pesos]) => ({
              effectiveDate: `2026-11-${String(day).padStart(2, "0")}`,
              terms: terms(`p${pesos}`, pesos),
            }));
          const { total, lines } = prorateInvoice({ ...NOV, locations, opening: terms("basic", opening), changes });
          const exact = lines.map((l) => (locations * l.price_per_location * l.days) / 30);
          const exactTotal = exact.reduce((a, b) => a + b, 0);
          return (
            lines.every((l) => l.amount % 100 === 0) &&
            lines.reduce((a, l) => a + l.amount, 0) === total &&
            Math.abs(total - exactTotal) <= 50 &&
            lines.every((l, i) => Math.abs(l.amount - (exact[i] ?? 0)) <= 100) &&
            lines.reduce((a, l) => a + l.days, 0) === 30
          );
        },
      ),
    );
  });

  it("stretches: a change before the period counts from day 1, one after it does not, the last of a day wins, a limits-only change is no new line", () => {
    const base = { periodStart: "2026-11-01", periodEnd: "2026-11-30", opening: terms("basic", 50_000) };
    expect(
      priceStretches({ ...base, changes: [{ effectiveDate: "2026-10-20", terms: terms("professional", 90_000) }] }),
    ).toEqual([{ start: "2026-11-01", end: "2026-11-30", terms: terms("professional", 90_000) }]);
    expect(
      priceStretches({ ...base, changes: [{ effectiveDate: "2026-12-01", terms: terms("professional", 90_000) }] }),
    ).toEqual([{ start: "2026-11-01", end: "2026-11-30", terms: terms("basic", 50_000) }]);
    expect(
      priceStretches({
        ...base,
        changes: [
          { effectiveDate: "2026-11-10", terms: terms("professional", 90_000) },
          { effectiveDate: "2026-11-10", terms: terms("enterprise", 150_000) },
        ],
      }),
    ).toEqual([
      { start: "2026-11-01", end: "2026-11-09", terms: terms("basic", 50_000) },
      { start: "2026-11-10", end: "2026-11-30", terms: terms("enterprise", 150_000) },
    ]);
    expect(
      priceStretches({ ...base, changes: [{ effectiveDate: "2026-11-10", terms: terms("basic", 50_000) }] }),
    ).toEqual([{ start: "2026-11-01", end: "2026-11-30", terms: terms("basic", 50_000) }]);
    expect(
      priceStretches({ ...base, changes: [{ effectiveDate: "2026-11-30", terms: terms("enterprise", 150_000) }] }),
    ).toEqual([
      { start: "2026-11-01", end: "2026-11-29", terms: terms("basic", 50_000) },
      { start: "2026-11-30", end: "2026-11-30", terms: terms("enterprise", 150_000) },
    ]);
  });

  it("names day ranges in Spanish", () => {
    expect(dayRange("2026-11-01", "2026-11-14")).toBe("1–14 nov");
    expect(dayRange("2026-02-28", "2026-02-28")).toBe("28 feb");
    expect(dayRange("2026-01-31", "2026-02-02")).toBe("31 ene–2 feb");
  });
});
