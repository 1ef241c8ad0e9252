import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countLabel,
  formatCOP,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatElapsed,
  paymentLabel,
} from "../../web/src/lib/format";

// Intl separates with non-breaking spaces (U+00A0, U+202F); compare with plain spaces, everything else exact.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatCOP", () => {
  it("shows pesos with thousands dots and no decimals", () => {
    expect(plain(formatCOP(1234567))).toBe("$ 1.234.567");
    expect(plain(formatCOP(0))).toBe("$ 0");
    expect(plain(formatCOP(350000))).toBe("$ 350.000");
  });

  it("rounds decimal pesos to whole pesos", () => {
    expect(plain(formatCOP(189900.5))).toBe("$ 189.901");
    expect(plain(formatCOP(189900.4))).toBe("$ 189.900");
  });

  it("keeps the sign of negative amounts", () => {
    expect(plain(formatCOP(-5000))).toBe("-$ 5.000");
  });

  it("uses a non-breaking space after the symbol so the amount never wraps", () => {
    expect(formatCOP(1000)).toMatch(/^\$[\u00a0\u202f]1\.000$/);
  });

  it("shows a dash for non-numbers", () => {
    expect(formatCOP(Number.NaN)).toBe("—");
  });

  it("writes exactly what Intl's es-CO currency format writes (it is done by hand to spare ICU)", () => {
    const intl = new Intl.NumberFormat("es-CO", {
      style: "currency",
      currency: "COP",
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    for (const pesos of [0, -0, 0.5, -0.5, -0.4, 2.5, 999, 1000, -1500, 189900.5, 1e15, 2 ** 53, 1e21]) {
      expect(formatCOP(pesos)).toBe(intl.format(pesos));
    }
    const cents = fc.integer({ min: -1e14, max: 1e14 }).map((n) => n / 100);
    fc.assert(
      fc.property(fc.oneof(fc.integer(), cents, fc.double({ noNaN: true, noDefaultInfinity: true })), (pesos) => {
        expect(formatCOP(pesos)).toBe(intl.format(pesos));
      }),
    );
  });
});

describe("formatDateTime", () => {
  it("shows day, month, year, hour and minute in Bogotá time (UTC-5)", () => {
    expect(plain(formatDateTime("2026-03-05T19:30:00Z"))).toBe("05/03/2026, 02:30 p. m.");
    expect(plain(formatDateTime("2026-03-06T04:05:00Z"))).toBe("05/03/2026, 11:05 p. m.");
    expect(plain(formatDateTime("2026-03-05T13:07:00Z"))).toBe("05/03/2026, 08:07 a. m.");
  });

  it("reads SQLite UTC timestamps without a zone marker as UTC", () => {
    expect(plain(formatDateTime("2026-03-05 19:30:00"))).toBe("05/03/2026, 02:30 p. m.");
  });

  it("shows a dash for missing or invalid values", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("")).toBe("—");
    expect(formatDateTime("no es fecha")).toBe("—");
  });
});

describe("formatDate", () => {
  it("shows the Bogotá calendar day of a timestamp", () => {
    expect(formatDate("2026-03-06T04:05:00Z")).toBe("05/03/2026");
  });

  it("writes a timestamp's Bogotá day exactly as Intl does (by hand since 1994, to spare ICU)", () => {
    const intl = new Intl.DateTimeFormat("es-CO", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "America/Bogota",
    });
    const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(9999, 11, 31) });
    fc.assert(
      fc.property(instants, (time) => {
        const iso = new Date(time).toISOString();
        expect(formatDate(iso)).toBe(intl.format(new Date(time)));
      }),
      { numRuns: 2000 },
    );
    // the day turns at 05:00 UTC
    expect(formatDate("2026-03-06T04:59:59.999Z")).toBe("05/03/2026");
    expect(formatDate("2026-03-06T05:00:00.000Z")).toBe("06/03/2026");
    expect(formatDate("2026-03-06 04:05:00")).toBe("05/03/2026");
  });

  it("keeps a calendar date as written (no shift to the previous day)", () => {
    expect(formatDate("2026-03-05")).toBe("05/03/2026");
    expect(formatDate("2026-01-01")).toBe("01/01/2026");
  });

  it("writes a calendar date exactly as Intl's es-CO format does (it is done by hand to spare ICU)", () => {
    const intl = new Intl.DateTimeFormat("es-CO", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const date = new Date(`${iso}T00:00:00Z`);
          expect(formatDate(iso)).toBe(Number.isNaN(date.getTime()) ? "—" : intl.format(date));
        },
      ),
    );
  });

  it("shows a dash for invalid values", () => {
    expect(formatDate("2026-13-45")).toBe("—");
    expect(formatDate(undefined)).toBe("—");
  });
});

describe("formatDecimal", () => {
  it("writes exactly what toLocaleString('es-CO') writes (it is done by hand to spare ICU)", () => {
    for (const n of [0, -0, 50, 66.7, 100, -0.5, 1000, 1234.5, 1e11 + 0.5, 0.25, 1e12, Number.NaN]) {
      expect(formatDecimal(n)).toBe(n.toLocaleString("es-CO"));
    }
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }).map((n) => n / 10),
        (n) => {
          expect(formatDecimal(n)).toBe(n.toLocaleString("es-CO"));
        },
      ),
    );
  });
});

describe("formatElapsed", () => {
  it("uses minutes under an hour", () => {
    expect(formatElapsed(0)).toBe("0 min");
    expect(formatElapsed(1)).toBe("1 min");
    expect(formatElapsed(59)).toBe("59 min");
  });

  it("uses hours and minutes from an hour on", () => {
    expect(formatElapsed(60)).toBe("1 h");
    expect(formatElapsed(65)).toBe("1 h 5 min");
    expect(formatElapsed(125)).toBe("2 h 5 min");
    expect(formatElapsed(24 * 60 + 1)).toBe("24 h 1 min");
  });

  it("rounds fractions and never goes negative", () => {
    expect(formatElapsed(59.6)).toBe("1 h");
    expect(formatElapsed(4.4)).toBe("4 min");
    expect(formatElapsed(-3)).toBe("0 min");
    expect(formatElapsed(Number.NaN)).toBe("0 min");
  });
});

describe("countLabel", () => {
  it("says the singular only for exactly one", () => {
    expect(countLabel(1, "caja", "cajas")).toBe("1 caja");
    expect(countLabel(0, "caja", "cajas")).toBe("0 cajas");
    expect(countLabel(2, "par", "pares")).toBe("2 pares");
    expect(countLabel(1, "solicitud", "solicitudes")).toBe("1 solicitud");
    expect(countLabel(-1, "unidad", "unidades")).toBe("-1 unidad");
  });

  it("groups thousands as es-CO and shows a dash for non-numbers", () => {
    expect(countLabel(1250, "producto", "productos")).toBe("1.250 productos");
    expect(countLabel(Number.NaN, "venta", "ventas")).toBe("— ventas");
  });
});

describe("paymentLabel", () => {
  it("names every payment type a sale may carry, an exchange's credit included, and leaves unknown codes", () => {
    expect(["efectivo", "tarjeta", "transferencia", "nota_credito"].map(paymentLabel)).toEqual([
      "Efectivo",
      "Tarjeta",
      "Transferencia",
      "Nota crédito (cambio)",
    ]);
    expect(paymentLabel("bonos")).toBe("bonos");
  });
});
