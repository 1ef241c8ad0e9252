import { describe, expect, it } from "vitest";
import { type CudeFields, cude, cudeSource, softwareSecurityCode } from "../../worker/domain/fiscal/document/cude";
import { buildElectronicDocument } from "../../worker/domain/fiscal/document/index";
import {
  adjustmentInput,
  customerWithNit,
  excludedLine,
  exemptLine,
  lineOf,
  pair5,
  pair19,
  posInput,
} from "./fiscal-document.fixtures";
import { all, at, attribute, readXml, text, textAt, type XmlValue } from "./fiscal-document.xml-reader";

// DIAN's own worked examples: the two POS documents of the "Caja de herramientas Doc-Equivalentes V1-3"
// (Anexo técnico documento equivalente electrónico v1.0, Resolución 000165 de 2023), files
// "Ejemplo POS.xml" and "Ejemplo Doc Equivalente Con referencia a una Nota Ajuste.xml", as vendored by
// wariox3/nobelio at apps/dian/datos/ejemplos/documento-equivalente/documento-equivalente-pos.xml and
// .../documento-equivalente-con-nota-ajuste.xml. Their cbc:UUID and sts:SoftwareSecurityCode are reproduced
// from their own cbc:ID, IssueDate, IssueTime, LineExtensionAmount, IVA TaxAmount, PayableAmount, issuer NIT,
// buyer id, PIN 12345 and ProfileExecutionID.
const dianPosExample: CudeFields = {
  number: "EPOS002",
  issueDate: "2022-09-07",
  issueTime: "16:31:02-05:00",
  lineExtension: 10_010_000,
  iva: 1_900_000,
  inc: 0,
  ica: 0,
  payable: 11_915_000,
  issuerNit: "2022516216",
  buyerNumber: "222222222222",
  softwarePin: "12345",
  environment: "2",
};

describe("the CUDE", () => {
  it("reproduces the CUDE of DIAN's example POS document (Ejemplo POS.xml)", async () => {
    expect(cudeSource(dianPosExample)).toBe(
      "EPOS0022022-09-0716:31:02-05:00100100.000119000.00040.00030.00119150.002022516216222222222222123452",
    );
    expect(await cude(dianPosExample)).toBe(
      "63586429c4577b7461150bdc28ed35cbee4edb3fe8872d4ef55d74f7b7a9ecd062419600290208fc869ca94c47e895ca",
    );
    expect(await softwareSecurityCode("710d99d0-6d49-4e18-bb70-196d1b17785f", "12345", "EPOS002")).toBe(
      "cfb3e564f5660585cd0ba4f23090242a73d3f4f298110d2eaa3976ce03cba4c6f980f6fa9a41b68a072d8e7decbd53a8",
    );
  });

  it("reproduces the CUDE of DIAN's second example (a POS document referencing a nota de ajuste)", async () => {
    const example = { ...dianPosExample, number: "EPOS001", issueDate: "2024-03-01", issueTime: "16:40:02-05:00" };
    expect(await cude({ ...example, issuerNit: "2024022902" })).toBe(
      "ae964d2796d112b6c431f46f2245dc84c6b707f7961189f3d5be299bdb0370b43662c9930d2d095e50bec7d34a90ce73",
    );
    expect(await softwareSecurityCode("e19ec220-eafb-4d7e-864f-9f7261264bf7", "12345", "EPOS001")).toBe(
      "6d8657d3ec704ad10dd054a5c77be2d917315698b1a2d97390362cf7af74a644cc83027cec31fe0e33c446bbe10bdf52",
    );
  });

  it("orders the taxes 01, 04, 03 as the invoice annex's CUDE example with an ICA value shows", async () => {
    // Anexo técnico de factura electrónica v1.9, 11.4.1 (CUDE of a nota crédito), as used by wariox3/nobelio
    // apps/dian/tests.py (CalculoCUDETests): the only worked example with a non-zero third tax.
    const annexExample: CudeFields = {
      number: "8110007871",
      issueDate: "2019-02-20",
      issueTime: "16:46:55-05:00",
      lineExtension: 23_528,
      iva: 1_900,
      inc: 0,
      ica: 828,
      payable: 26_256,
      issuerNit: "900373076",
      buyerNumber: "8355990",
      softwarePin: "12345",
      environment: "2",
    };
    expect(await cude(annexExample)).toBe(
      "955327eb55f8bdf16d069358a063d87e1577a292cb088ec186ed60bbc38e750b7b3980659b278ead789b95f9c51a9ef7",
    );
  });

  it("changes when any field it lists changes", async () => {
    const base = await cude(dianPosExample);
    const changes: Partial<CudeFields>[] = [
      { number: "EPOS003" },
      { issueDate: "2022-09-08" },
      { issueTime: "16:31:03-05:00" },
      { lineExtension: dianPosExample.lineExtension + 1 },
      { iva: dianPosExample.iva + 1 },
      { inc: 1 },
      { ica: 1 },
      { payable: dianPosExample.payable + 1 },
      { issuerNit: "2022516217" },
      { buyerNumber: "1020304050" },
      { softwarePin: "12346" },
      { environment: "1" },
    ];
    const hashes = await Promise.all(changes.map((change) => cude({ ...dianPosExample, ...change })));
    for (const hash of hashes) expect(hash).not.toBe(base);
    expect(new Set(hashes).size).toBe(changes.length);
  });
});

const money = (node: XmlValue, ...path: string[]) => textAt(node, ...path);

describe("the POS document", () => {
  it("is an Invoice of type 20 whose UUID is the CUDE of its own figures", async () => {
    const doc = await buildElectronicDocument(posInput());
    const invoice = at(readXml(doc.xml), "Invoice");
    expect(textAt(invoice, "ProfileID")).toBe("DIAN 2.1: Documento Equivalente POS");
    expect(textAt(invoice, "InvoiceTypeCode")).toBe("20");
    expect(textAt(invoice, "ID")).toBe("POS1000");
    expect(attribute(at(invoice, "UUID"), "schemeName")).toBe("CUDE-SHA384");
    expect(textAt(invoice, "UUID")).toBe(doc.cude);
    // Bogotá time of 21:40:02Z
    expect(textAt(invoice, "IssueDate")).toBe("2026-03-01");
    expect(textAt(invoice, "IssueTime")).toBe("16:40:02-05:00");
    const totals = at(invoice, "LegalMonetaryTotal");
    const fromXml = await cude({
      number: textAt(invoice, "ID"),
      issueDate: textAt(invoice, "IssueDate"),
      issueTime: textAt(invoice, "IssueTime"),
      lineExtension: Math.round(Number(money(totals, "LineExtensionAmount")) * 100),
      iva: Math.round(Number(money(invoice, "TaxTotal", "TaxAmount")) * 100),
      inc: 0,
      ica: 0,
      payable: Math.round(Number(money(totals, "PayableAmount")) * 100),
      issuerNit: textAt(invoice, "AccountingSupplierParty", "Party", "PartyTaxScheme", "CompanyID"),
      buyerNumber: textAt(invoice, "AccountingCustomerParty", "Party", "PartyIdentification", "ID"),
      softwarePin: "75315",
      environment: "2",
    });
    expect(fromXml).toBe(doc.cude);
  });

  it("carries the numbering authorisation, the software and the QR page in DIAN's extension", async () => {
    const input = posInput();
    const doc = await buildElectronicDocument(input);
    const dian = at(readXml(doc.xml), "Invoice", "UBLExtensions", "UBLExtension", "ExtensionContent", "DianExtensions");
    expect(textAt(dian, "InvoiceControl", "InvoiceAuthorization")).toBe("18764000001234");
    expect(textAt(dian, "InvoiceControl", "AuthorizedInvoices", "Prefix")).toBe("POS");
    expect(textAt(dian, "SoftwareProvider", "SoftwareID")).toBe(input.software.id);
    expect(textAt(dian, "SoftwareSecurityCode")).toBe(
      await softwareSecurityCode(input.software.id, input.software.pin, "POS1000"),
    );
    expect(textAt(dian, "QRCode")).toBe(
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${doc.cude}`,
    );
  });

  it("carries the three POS extensions, with the cash register's data", async () => {
    const doc = await buildElectronicDocument(posInput());
    const extensions = all(at(readXml(doc.xml), "Invoice", "UBLExtensions"), "UBLExtension");
    expect(extensions).toHaveLength(4);
    const register = at(extensions[3], "ExtensionContent", "PuntoVenta", "InformacionCajaVenta");
    expect(all(register, "Name").map(text)).toEqual([
      "PlacaCaja",
      "UbicaciónCaja",
      "Cajero",
      "TipoCaja",
      "CódigoVenta",
      "SubTotal",
    ]);
    expect(all(register, "Value").map(text)).toEqual([
      "CAJA-01",
      "Local Centro, Bogotá",
      "Luisa Pérez",
      "Caja principal",
      "V-2026-000042",
      "100000.00",
    ]);
  });

  it("adds up: bases, IVA per rate, and a payable that is the sum of the nets", async () => {
    const lines = [pair19, pair5, exemptLine, excludedLine];
    const doc = await buildElectronicDocument(posInput({ lines }));
    const invoice = at(readXml(doc.xml), "Invoice");
    const totals = at(invoice, "LegalMonetaryTotal");
    expect(money(totals, "LineExtensionAmount")).toBe("175000.00"); // 100000 + 50000 + 20000 + 5000
    expect(money(totals, "TaxExclusiveAmount")).toBe("170000.00"); // the excluido line has no taxable base
    expect(money(totals, "TaxInclusiveAmount")).toBe("196500.00");
    expect(money(totals, "PayableAmount")).toBe("196500.00"); // 119000 + 52500 + 20000 + 5000
    const ivaTotals = all(invoice, "TaxTotal");
    expect(ivaTotals).toHaveLength(1);
    expect(money(ivaTotals[0] as XmlValue, "TaxAmount")).toBe("21500.00");
    const subtotals = all(ivaTotals[0], "TaxSubtotal").map((subtotal) => [
      textAt(subtotal, "TaxCategory", "Percent"),
      textAt(subtotal, "TaxableAmount"),
      textAt(subtotal, "TaxAmount"),
    ]);
    expect(subtotals).toEqual([
      ["19.00", "100000.00", "19000.00"],
      ["5.00", "50000.00", "2500.00"],
      ["0.00", "20000.00", "0.00"],
    ]);
    expect(textAt(invoice, "LineCountNumeric")).toBe("4");
  });

  it("gives an excluido line no IVA and an exento line IVA at 0 %", async () => {
    const doc = await buildElectronicDocument(posInput({ lines: [exemptLine, excludedLine] }));
    const [exempt, excluded] = all(at(readXml(doc.xml), "Invoice"), "InvoiceLine");
    expect(textAt(exempt as XmlValue, "TaxTotal", "TaxSubtotal", "TaxCategory", "Percent")).toBe("0.00");
    expect(all(excluded, "TaxTotal")).toEqual([]);
    expect(textAt(excluded as XmlValue, "LineExtensionAmount")).toBe("5000.00");
  });

  it("writes a discount share as a line allowance before IVA", async () => {
    // 2 pairs at 119.000 with 10 % off: net 214.200, base 180.000, IVA 34.200
    const discounted = lineOf({ quantity: 2, unitPrice: 11_900_000, net: 21_420_000, taxClass: "iva_19" });
    const doc = await buildElectronicDocument(posInput({ lines: [discounted] }));
    const line = at(readXml(doc.xml), "Invoice", "InvoiceLine");
    expect(textAt(line, "LineExtensionAmount")).toBe("180000.00");
    expect(textAt(line, "AllowanceCharge", "ChargeIndicator")).toBe("false");
    expect(textAt(line, "AllowanceCharge", "Amount")).toBe("20000.00");
    expect(textAt(line, "AllowanceCharge", "BaseAmount")).toBe("200000.00");
    expect(textAt(line, "Price", "PriceAmount")).toBe("100000.00");
  });

  it("names the consumidor final when the sale has no customer", async () => {
    const doc = await buildElectronicDocument(posInput());
    const party = at(readXml(doc.xml), "Invoice", "AccountingCustomerParty", "Party");
    expect(textAt(party, "PartyIdentification", "ID")).toBe("222222222222");
    expect(attribute(at(party, "PartyIdentification", "ID"), "schemeName")).toBe("13");
    expect(textAt(party, "PartyName", "Name")).toBe("Consumidor Final");
    expect(doc.qr).toContain("DocAdq=222222222222");
  });

  it("identifies a customer by NIT with its check digit, and the CUDE takes its number", async () => {
    const anonymous = await buildElectronicDocument(posInput());
    const doc = await buildElectronicDocument(posInput({ buyer: customerWithNit }));
    const customer = at(readXml(doc.xml), "Invoice", "AccountingCustomerParty");
    expect(textAt(customer, "AdditionalAccountID")).toBe("1");
    const id = at(customer, "Party", "PartyIdentification", "ID");
    expect([text(id), attribute(id, "schemeName"), attribute(id, "schemeID")]).toEqual(["900555111", "31", "3"]);
    expect(textAt(customer, "Party", "PartyLegalEntity", "RegistrationName")).toBe("Dotaciones Andinas S.A.S.");
    expect(textAt(customer, "Party", "Contact", "ElectronicMail")).toBe("compras@dotaciones.example");
    expect(doc.cude).not.toBe(anonymous.cude);
    expect(doc.qr).toContain("DocAdq=900555111");
  });

  it("maps the payment means to DIAN's codes, one PaymentMeans per means", async () => {
    const payments = [
      { method: "efectivo" as const, amount: 4_000_000 },
      { method: "tarjeta" as const, amount: 3_000_000, card: "debito" as const },
      { method: "transferencia" as const, amount: 2_900_000 },
      { method: "nota_credito" as const, amount: 2_000_000 },
    ];
    const doc = await buildElectronicDocument(posInput({ payments }));
    const means = all(at(readXml(doc.xml), "Invoice"), "PaymentMeans").map((m) => textAt(m, "PaymentMeansCode"));
    expect(means).toEqual(["10", "49", "47", "ZZZ"]);
  });

  it("writes the QR text with the CUDE and the catalogue page of its environment", async () => {
    const doc = await buildElectronicDocument(posInput({ environment: "1" }));
    expect(doc.qr.split("\n")).toEqual([
      "NumDE=POS1000",
      "FecDE=2026-03-01",
      "HorDE=16:40:02-05:00",
      "NitOFE=900123456",
      "DocAdq=222222222222",
      "ValTotal=100000.00",
      "ValIVA=19000.00",
      "ValOtroIm=0.00",
      "ValTolDE=119000.00",
      `CUDE=${doc.cude}`,
      `QRCode=https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${doc.cude}`,
    ]);
  });

  it("refuses figures that do not add up", async () => {
    await expect(buildElectronicDocument(posInput({ payments: [{ method: "efectivo", amount: 1 }] }))).rejects.toThrow(
      "Los pagos no suman el total del documento",
    );
    const broken = { ...pair19, taxAmount: pair19.taxAmount + 100 };
    await expect(buildElectronicDocument(posInput({ lines: [broken] }))).rejects.toThrow("base más IVA");
    const wrongClass = { ...pair19, taxClass: "iva_5" as const };
    await expect(buildElectronicDocument(posInput({ lines: [wrongClass] }))).rejects.toThrow(
      "no corresponde a la clase",
    );
  });
});

describe("the nota de ajuste", () => {
  it("is a CreditNote of type 94 that references the POS document's number and CUDE", async () => {
    const input = adjustmentInput();
    const doc = await buildElectronicDocument(input);
    const note = at(readXml(doc.xml), "CreditNote");
    expect(textAt(note, "ProfileID")).toBe("DIAN 2.1: Nota de ajuste crédito al documento equivalente");
    expect(textAt(note, "CustomizationID")).toBe("20");
    expect(textAt(note, "CreditNoteTypeCode")).toBe("94");
    expect(textAt(note, "ID")).toBe("NAJ7");
    expect(textAt(note, "UUID")).toBe(doc.cude);
    const reference = at(note, "BillingReference", "InvoiceDocumentReference");
    expect(textAt(reference, "ID")).toBe("POS1000");
    expect(textAt(reference, "UUID")).toBe(input.reference.cude);
    expect(attribute(at(reference, "UUID"), "schemeName")).toBe("CUDE-SHA384");
    expect(textAt(reference, "IssueDate")).toBe("2026-03-01");
    expect(textAt(reference, "DocumentTypeCode")).toBe("20");
    const discrepancy = at(note, "DiscrepancyResponse");
    expect([textAt(discrepancy, "ReferenceID"), textAt(discrepancy, "ResponseCode")]).toEqual(["POS1000", "1"]);
    expect(textAt(note, "CreditNoteLine", "CreditedQuantity")).toBe("1.000000");
    expect(textAt(note, "LegalMonetaryTotal", "PayableAmount")).toBe("119000.00");
  });

  it("has no numbering authorisation and none of the POS extensions", async () => {
    const doc = await buildElectronicDocument(adjustmentInput());
    const extensions = all(at(readXml(doc.xml), "CreditNote", "UBLExtensions"), "UBLExtension");
    expect(extensions).toHaveLength(1);
    const dian = at(extensions[0], "ExtensionContent", "DianExtensions");
    expect(all(dian, "InvoiceControl")).toEqual([]);
    expect(textAt(dian, "SoftwareSecurityCode")).toHaveLength(96);
  });

  it("hashes its own number, time and amounts into its CUDE", async () => {
    const partial = await buildElectronicDocument(adjustmentInput());
    const full = await buildElectronicDocument(adjustmentInput({ lines: [pair19, pair5] }));
    expect(partial.cude).toMatch(/^[0-9a-f]{96}$/);
    expect(full.cude).not.toBe(partial.cude);
    expect(partial.qr).toContain("NumDE=NAJ7");
  });
});
