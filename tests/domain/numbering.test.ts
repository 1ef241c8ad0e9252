import { describe, expect, it } from "vitest";
import {
  fiscalNumber,
  type NewNumberingRange,
  type NumberingRange,
  rangeProblem,
  rangeUsage,
} from "../../worker/domain/fiscal/numbering";

const range = (over: Partial<NumberingRange> = {}): NumberingRange => ({
  id: 1,
  companyId: 1,
  locationId: 1,
  resolutionNumber: "18764000001234",
  resolutionDate: "2026-01-15",
  prefix: "POS",
  rangeFrom: 1,
  rangeTo: 100,
  validFrom: "2026-01-15",
  validUntil: "2027-01-15",
  documentText: "Resolución DIAN 18764000001234",
  nextNumber: 1,
  active: true,
  lastTakenBy: null,
  createdBy: null,
  createdAt: "2026-01-15T00:00:00.000Z",
  ...over,
});

describe("a numbering range's usage", () => {
  it("counts what is used and left, and warns at 90 % used", () => {
    expect(rangeUsage(range({ nextNumber: 90 }), "2026-06-01")).toMatchObject({
      size: 100,
      used: 89,
      remaining: 11,
      usedPercent: 89,
      state: "active",
      alerts: [],
    });
    expect(rangeUsage(range({ nextNumber: 91 }), "2026-06-01").alerts).toEqual(["nearly_used"]);
  });

  it("is exhausted when every number was taken, whatever its dates", () => {
    const usage = rangeUsage(range({ nextNumber: 101 }), "2030-01-01");
    expect(usage).toMatchObject({ remaining: 0, usedPercent: 100, state: "exhausted", alerts: [] });
  });

  it("warns 30 days before it expires, and is expired the day after its last valid day", () => {
    expect(rangeUsage(range(), "2026-12-15").alerts).toEqual([]);
    expect(rangeUsage(range(), "2026-12-16")).toMatchObject({ daysLeft: 30, alerts: ["expiring"] });
    expect(rangeUsage(range(), "2027-01-15")).toMatchObject({ daysLeft: 0, state: "active" });
    expect(rangeUsage(range(), "2027-01-16")).toMatchObject({ daysLeft: -1, state: "expired", alerts: [] });
  });

  it("an inactive range never warns; one not yet valid says so", () => {
    expect(rangeUsage(range({ active: false, nextNumber: 99 }), "2027-01-10")).toMatchObject({
      state: "inactive",
      alerts: [],
    });
    expect(rangeUsage(range({ validFrom: "2026-07-01" }), "2026-06-30").state).toBe("not_yet_valid");
  });
});

describe("a resolution's own data", () => {
  const input: NewNumberingRange = {
    locationId: 1,
    resolutionNumber: "18764000001234",
    resolutionDate: "2026-01-15",
    prefix: "POS",
    rangeFrom: 1,
    rangeTo: 100,
    validFrom: "2026-01-15",
    validUntil: "2027-01-15",
    documentText: "Resolución",
    activate: true,
  };
  it("holds as typed from a valid resolution", () => {
    expect(rangeProblem(input, "2026-06-01")).toBeNull();
  });
  it("names what is wrong", () => {
    expect(rangeProblem({ ...input, rangeTo: 0 }, "2026-06-01")).toMatch(/no puede ser menor/);
    expect(rangeProblem({ ...input, validUntil: "2026-01-01" }, "2025-06-01")).toMatch(/termina antes/);
    expect(rangeProblem({ ...input, validFrom: "2026-01-01" }, "2026-06-01")).toMatch(/antes de la fecha/);
    expect(rangeProblem(input, "2027-01-16")).toBe("La resolución ya está vencida");
  });
});

it("prints the number as the prefix and the consecutive", () => {
  expect(fiscalNumber("POS", 1001)).toBe("POS1001");
  expect(fiscalNumber("", 7)).toBe("7");
});
