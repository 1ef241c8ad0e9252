import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  documentLabel,
  NIT_DV_MISSING,
  nitCheckDigit,
  normalisePhone,
  parseDocument,
  searchKey,
  searchTerms,
} from "../../worker/domain/sales/customers";

const ok = (type: Parameters<typeof parseDocument>[0], raw: string, dv: number | null = null) => {
  const result = parseDocument(type, raw, dv);
  if (!result.ok) throw new Error(result.message);
  return result.document;
};
const problem = (type: Parameters<typeof parseDocument>[0], raw: string, dv: number | null = null) => {
  const result = parseDocument(type, raw, dv);
  return result.ok ? null : result.message;
};

describe("NIT check digit (DIAN)", () => {
  it("gives the check digit of real NITs", () => {
    // DIAN, Bancolombia, Ecopetrol: their published NITs
    expect(nitCheckDigit("800197268")).toBe(4);
    expect(nitCheckDigit("890903938")).toBe(8);
    expect(nitCheckDigit("899999068")).toBe(1);
  });

  it("accepts the NIT with its digit after a dash, with dots, glued on, or given apart", () => {
    const stored = { type: "NIT", number: "800197268", checkDigit: 4 };
    expect(ok("NIT", "800197268-4")).toEqual(stored);
    expect(ok("NIT", "800.197.268-4")).toEqual(stored);
    expect(ok("NIT", " 8001972684 ")).toEqual(stored);
    expect(ok("NIT", "800197268", 4)).toEqual(stored);
    expect(ok("NIT", "800197268-4", 4)).toEqual(stored);
  });

  it("refuses a wrong check digit naming the right one", () => {
    expect(problem("NIT", "800197268-5")).toBe("El dígito de verificación del NIT no es válido (debería ser 4)");
    expect(problem("NIT", "800197268", 0)).toBe("El dígito de verificación del NIT no es válido (debería ser 4)");
    expect(problem("NIT", "8001972680")).toBe("El dígito de verificación del NIT no es válido (debería ser 4)");
  });

  it("refuses a NIT without its digit, of another length, with letters or two different digits", () => {
    expect(problem("NIT", "800197268")).toBe(NIT_DV_MISSING);
    expect(problem("NIT", "80019726-1")).toMatch(/9 dígitos/);
    expect(problem("NIT", "8001972684", 4)).toMatch(/9 dígitos/);
    expect(problem("NIT", "80019726A-4")).toMatch(/solo puede tener dígitos/);
    expect(problem("NIT", "800197268-4", 3)).toMatch(/no coincide/);
  });

  it("property: the computed digit is accepted and every other digit is refused naming it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{8}$/), fc.integer({ min: 0, max: 9 }), (nit, dv) => {
        const expected = nitCheckDigit(nit);
        expect(expected).toBeGreaterThanOrEqual(0);
        expect(expected).toBeLessThanOrEqual(9);
        const result = parseDocument("NIT", `${nit}-${dv}`);
        if (dv === expected)
          expect(result).toEqual({ ok: true, document: { type: "NIT", number: nit, checkDigit: dv } });
        else expect(result).toEqual({ ok: false, message: expect.stringContaining(`debería ser ${expected}`) });
      }),
    );
  });
});

describe("other documents", () => {
  it("CC: 5 to 10 digits, dots and spaces dropped", () => {
    expect(ok("CC", "1.020.304.050")).toEqual({ type: "CC", number: "1020304050", checkDigit: null });
    expect(ok("CC", "12345").number).toBe("12345");
    expect(problem("CC", "1234")).toMatch(/de 5 a 10 dígitos/);
    expect(problem("CC", "12345678901")).toMatch(/de 5 a 10 dígitos/);
    expect(problem("CC", "12A45")).toMatch(/solo lleva dígitos/);
    expect(problem("CC", "1020304050", 3)).toBe("Solo el NIT lleva dígito de verificación");
  });

  it("CE: 6 to 12 letters or digits, upper-cased", () => {
    expect(ok("CE", "ab-123 456")).toEqual({ type: "CE", number: "AB123456", checkDigit: null });
    expect(problem("CE", "12345")).toMatch(/de 6 a 12/);
    expect(problem("CE", "1234567890123")).toMatch(/de 6 a 12/);
    expect(problem("CE", "12345#")).toMatch(/solo lleva letras y dígitos/);
  });

  it("pasaporte: 5 to 20 letters or digits", () => {
    expect(ok("PASAPORTE", "pe123456").number).toBe("PE123456");
    expect(problem("PASAPORTE", "AB12")).toMatch(/de 5 a 20/);
    expect(problem("PASAPORTE", "A".repeat(21))).toMatch(/de 5 a 20/);
    expect(problem("PASAPORTE", "   ")).toBe("Escribe el número de documento del cliente");
  });

  it("reads as the invoice would print it", () => {
    expect(documentLabel({ type: "NIT", number: "800197268", checkDigit: 4 })).toBe("NIT 800197268-4");
    expect(documentLabel({ type: "CC", number: "1020304050", checkDigit: null })).toBe("CC 1020304050");
  });

  it("property: a normalised document parses again to itself", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("CC", "CE", "PASAPORTE" as const),
        fc.stringMatching(/^[A-Za-z0-9]{1,22}$/),
        (type, raw) => {
          const first = parseDocument(type, raw);
          if (first.ok) expect(parseDocument(type, first.document.number)).toEqual(first);
        },
      ),
    );
  });
});

describe("phones", () => {
  it("takes Colombian mobiles with or without +57 and fixed lines of 7 to 10 digits", () => {
    expect(normalisePhone("300 123 4567")).toBe("3001234567");
    expect(normalisePhone("+57 300-123-4567")).toBe("3001234567");
    expect(normalisePhone("573001234567")).toBe("3001234567");
    expect(normalisePhone("(601) 234 5678")).toBe("6012345678");
    expect(normalisePhone("+57 601 2345678")).toBe("6012345678");
    expect(normalisePhone("2345678")).toBe("2345678");
  });

  it("refuses mobiles of another length, short numbers, letters and other countries", () => {
    expect(normalisePhone("300123456")).toBeNull();
    expect(normalisePhone("30012345678")).toBeNull();
    expect(normalisePhone("123456")).toBeNull();
    expect(normalisePhone("300ABC4567")).toBeNull();
    expect(normalisePhone("+1 212 555 0100")).toBeNull();
  });
});

describe("search", () => {
  it("compares names without accents, case or repeated spaces", () => {
    expect(searchKey("  José   PÉREZ Muñoz ")).toBe("jose perez munoz");
  });

  it("reads digits and codes out of what is typed", () => {
    expect(searchTerms("300 123")).toEqual({ name: "300 123", digits: "300123", code: "300123" });
    expect(searchTerms("Ñandú")).toEqual({ name: "nandu", digits: null, code: null });
    expect(searchTerms("12")).toMatchObject({ digits: null });
    expect(searchTerms("+57 315-777")).toMatchObject({ digits: "315777" });
  });
});
