import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountForDays,
  costDaysInRange,
  costForRange,
  costTypeOf,
  locationStatus,
  monthlyEquivalent,
  nextDueDate,
  normaliseFrequency,
  operationalDashboard,
  overduePriority,
  upcomingLabel,
} from "../../worker/domain/company/costs";
import { daysUntil } from "../../worker/domain/shared/time";

describe("cost mapping (spec 3 §9)", () => {
  it.each([
    ["Arriendo", "arriendo"],
    ["Servicios Públicos", "servicios"],
    ["Internet", "servicios"],
    ["Nómina", "nomina"],
    ["Mercancía", "mercancia"],
    ["Transporte", "transporte"],
    ["Seguros", "otros"],
    ["Publicidad", "otros"],
    ["Mantenimiento", "otros"],
    ["Suministros", "otros"],
    ["Otros Fijos", "otros"],
    ["Otros Variables", "otros"],
    ["comisiones", "comisiones"],
    ["joyas", null],
  ])("%s → %s", (label, type) => expect(costTypeOf(label)).toBe(type));

  it.each([
    ["diario", "daily"],
    ["semanal", "weekly"],
    ["mensual", "monthly"],
    ["trimestral", "quarterly"],
    ["anual", "annual"],
    ["Monthly", "monthly"],
    ["quincenal", null],
  ])("frequency %s → %s", (raw, f) => expect(normaliseFrequency(raw)).toBe(f));
});

describe("normalising to a month", () => {
  it("turns each frequency into its monthly amount", () => {
    expect(monthlyEquivalent(1_200_000, "annual")).toBe(100_000);
    expect(monthlyEquivalent(300_000, "quarterly")).toBe(100_000);
    expect(monthlyEquivalent(100_000, "monthly")).toBe(100_000);
    expect(monthlyEquivalent(1200, "weekly")).toBe(5200);
    expect(monthlyEquivalent(1200, "daily")).toBe(36_500);
  });

  it("a range of an average month's days costs the monthly amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        (amount) => Math.abs(amountForDays(amount, "monthly", 365 / 12) - amount) <= 1,
      ),
    );
  });
});

describe("due dates and status", () => {
  it("advances the due date by the frequency", () => {
    expect(nextDueDate("2026-01-31", "monthly")).toBe("2026-02-28");
    expect(nextDueDate("2026-11-30", "quarterly")).toBe("2027-02-28");
    expect(nextDueDate("2028-02-29", "annual")).toBe("2029-02-28");
    expect(nextDueDate("2026-11-22", "weekly")).toBe("2026-11-29");
    expect(nextDueDate("2026-11-22", "annual")).toBe("2027-11-22");
    expect(daysUntil("2026-11-20", "2026-11-22")).toBe(-2);
  });

  it("labels the week: Hoy, Mañana, En n días", () => {
    expect([0, 1, 5].map(upcomingLabel)).toEqual(["Hoy", "Mañana", "En 5 días"]);
  });

  it("rates priority and location status", () => {
    expect(overduePriority(16, 1)).toBe("high");
    expect(overduePriority(1, 100_000_000)).toBe("high");
    expect(overduePriority(6, 1)).toBe("medium");
    expect(overduePriority(2, 1)).toBe("low");
    expect(locationStatus([], 0)).toBe("ok");
    expect(locationStatus([], 1)).toBe("attention");
    expect(locationStatus([3], 0)).toBe("attention");
    expect(locationStatus([8], 0)).toBe("critical");
    expect(locationStatus([1, 2], 0)).toBe("critical");
  });

  it("builds the dashboard: inactive costs count for nothing, overdue sorted by age", () => {
    const base = {
      locationName: "A",
      costType: "arriendo" as const,
      category: "Arriendo",
      description: "x",
      frequency: "monthly" as const,
    };
    const d = operationalDashboard(
      [
        { ...base, id: 1, locationId: 1, amount: 100, endDate: "2026-11-01", isActive: true },
        { ...base, id: 2, locationId: 1, amount: 50, endDate: "2026-11-20", isActive: true },
        { ...base, id: 3, locationId: 1, amount: 999, endDate: "2026-11-01", isActive: false },
        { ...base, id: 4, locationId: 2, amount: 10, endDate: "2026-11-23", isActive: true },
      ],
      [
        { id: 1, name: "A" },
        { id: 2, name: "B" },
      ],
      "2026-11-22",
    );
    expect(d.monthly_summary.total_monthly_costs).toBe(160);
    expect(d.summary.total_overdue_amount).toBe(150);
    expect(d.critical_alerts.map((a) => a.cost_id)).toEqual([1, 2]);
    expect(d.locations_status.map((l) => l.status)).toEqual(["critical", "attention"]);
    expect(d.upcoming_week).toEqual([expect.objectContaining({ cost_id: 4, label: "Mañana" })]);
  });
});

describe("proration from start_date", () => {
  const monthly = { amount: 3_041_667, frequency: "monthly" as const };

  it("counts the days of the range on or after the cost's start_date", () => {
    expect(costDaysInRange("2026-11-20", "2026-11-01", "2026-11-30")).toBe(11);
    expect(costDaysInRange("2026-10-01", "2026-11-01", "2026-11-30")).toBe(30);
    expect(costDaysInRange("2026-12-01", "2026-11-01", "2026-11-30")).toBe(0);
    expect(costDaysInRange("2026-11-30", "2026-11-01", "2026-11-30")).toBe(1);
  });

  it("a cost starting on the 20th is not charged for the 1st to the 19th", () => {
    const startsOn20 = { ...monthly, startDate: "2026-11-20" };
    expect(costForRange(startsOn20, "2026-11-01", "2026-11-19")).toBe(0);
    expect(costForRange(startsOn20, "2026-11-01", "2026-11-30")).toBe(
      costForRange(startsOn20, "2026-11-20", "2026-11-30"),
    );
    // 11 days at the average month's daily rate (365/12 days a month)
    expect(costForRange(startsOn20, "2026-11-01", "2026-11-30")).toBe(Math.round((3_041_667 * 11) / (365 / 12)));
  });

  it("a cost that started before the range costs the whole range; one after it costs nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom("daily", "weekly", "monthly", "quarterly", "annual" as const),
        (amount, day, frequency) => {
          const start = `2026-02-${String(day).padStart(2, "0")}`;
          const before = costForRange({ amount, frequency, startDate: "2025-01-01" }, "2026-02-01", "2026-02-28");
          const whole = amountForDays(amount, frequency, 28);
          const partial = costForRange({ amount, frequency, startDate: start }, "2026-02-01", "2026-02-28");
          const after = costForRange({ amount, frequency, startDate: "2026-03-01" }, "2026-02-01", "2026-02-28");
          return before === whole && partial <= whole && after === 0;
        },
      ),
    );
  });
});
