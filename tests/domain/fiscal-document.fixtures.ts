// Inputs of the electronic POS document and its nota de ajuste for the domain tests: a store of a footwear
// company, a 19 % pair, and lines of each tax class.
import type {
  AdjustmentNoteInput,
  Buyer,
  DocumentLine,
  PosDocumentInput,
} from "../../worker/domain/fiscal/document/index";

/** A line from its net (IVA included) the way a sale stores it: base from the net, IVA the rest. */
export function lineOf(over: Partial<DocumentLine> & Pick<DocumentLine, "net" | "taxClass">): DocumentLine {
  const rateBp = over.taxClass === "iva_19" ? 1900 : over.taxClass === "iva_5" ? 500 : 0;
  const taxBase = Math.round((over.net * 10_000) / (10_000 + rateBp));
  const quantity = over.quantity ?? 1;
  return {
    code: "REF-001",
    description: "Tenis urbano",
    size: "38",
    quantity,
    unitPrice: over.net / quantity,
    taxBase,
    taxAmount: over.net - taxBase,
    taxRateBp: rateBp as DocumentLine["taxRateBp"],
    ...over,
  };
}

export const pair19 = lineOf({ code: "TEN-38", description: "Tenis urbano", net: 11_900_000, taxClass: "iva_19" });
export const pair5 = lineOf({ code: "SAN-40", description: "Sandalia", size: "40", net: 5_250_000, taxClass: "iva_5" });
export const exemptLine = lineOf({
  code: "PLA-1",
  description: "Plantilla ortopédica",
  size: "U",
  net: 2_000_000,
  taxClass: "exento",
});
export const excludedLine = lineOf({
  code: "BOL-1",
  description: "Bolsa reutilizable",
  size: undefined,
  net: 500_000,
  taxClass: "excluido",
});

export const customerWithNit: Buyer = {
  idType: "NIT",
  number: "900555111",
  checkDigit: "3",
  name: "Dotaciones Andinas S.A.S.",
  email: "compras@dotaciones.example",
};

export function posInput(over: Partial<PosDocumentInput> = {}): PosDocumentInput {
  const lines = over.lines ?? [pair19];
  const total = lines.reduce((acc, line) => acc + line.net, 0);
  return {
    kind: "pos",
    environment: "2",
    software: {
      id: "6f1c2a4e-0b7d-4c55-9e1a-1234567890ab",
      pin: "75315",
      manufacturer: { personName: "Laura Gómez", companyName: "Horma S.A.S.", softwareName: "Horma" },
    },
    issuer: {
      nit: "900123456",
      checkDigit: "8",
      legalName: "Calzado Andino S.A.S.",
      tradeName: "Calzado Andino",
      personType: "juridica",
      taxRegime: "48",
      responsibilities: ["O-13", "O-15"],
      address: {
        line: "Carrera 7 # 12-34",
        cityCode: "11001",
        cityName: "Bogotá, D.C.",
        departmentCode: "11",
        departmentName: "Bogotá",
        postalCode: "110111",
      },
      email: "facturacion@calzadoandino.example",
      phone: "6015550101",
    },
    number: { prefix: "POS", consecutive: 1000 },
    resolution: {
      number: "18764000001234",
      date: "2026-01-15",
      prefix: "POS",
      from: 1,
      to: 5000,
      validFrom: "2026-01-15",
      validUntil: "2027-01-15",
    },
    pointOfSale: {
      registerPlate: "CAJA-01",
      registerLocation: "Local Centro, Bogotá",
      cashier: "Luisa Pérez",
      registerType: "Caja principal",
      saleCode: "V-2026-000042",
    },
    issuedAt: "2026-03-01T21:40:02.000Z",
    buyer: null,
    lines,
    payments: over.payments ?? [{ method: "efectivo", amount: total }],
    ...over,
  };
}

/** The nota de ajuste of a partial return of POS1000. */
export function adjustmentInput(over: Partial<AdjustmentNoteInput> = {}): AdjustmentNoteInput {
  const { kind: _kind, resolution: _resolution, pointOfSale: _pos, ...common } = posInput();
  const lines = over.lines ?? [pair19];
  const total = lines.reduce((acc, line) => acc + line.net, 0);
  return {
    ...common,
    kind: "adjustment",
    number: { prefix: "NAJ", consecutive: 7 },
    issuedAt: "2026-03-03T15:05:00.000Z",
    reference: {
      number: "POS1000",
      cude: "ae964d2796d112b6c431f46f2245dc84c6b707f7961189f3d5be299bdb0370b43662c9930d2d095e50bec7d34a90ce73",
      issuedAt: "2026-03-01T21:40:02.000Z",
    },
    correction: { code: "1", description: "Devolución parcial de los bienes y/o no aceptación parcial del servicio" },
    lines,
    payments: [{ method: "efectivo", amount: total }],
    ...over,
  };
}
