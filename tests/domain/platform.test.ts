import { describe, expect, it } from "vitest";
import {
  addDays,
  effectiveInvoiceStatus,
  expiringSoon,
  invoiceNumber,
  monthlyCost,
  monthPeriod,
  nearLimit,
  usagePercent,
} from "../../worker/domain/platform";

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
