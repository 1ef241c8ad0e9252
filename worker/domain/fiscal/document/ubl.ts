// The UBL 2.1 XML of the POS document (Invoice, type 20) and of its nota de ajuste (CreditNote, type 94),
// in the shape of DIAN's examples (Caja de herramientas Doc-Equivalentes V1-3).
//
// Left out on purpose: the XAdES-EPES signature (ds:Signature). It is the technology provider's: it signs
// with the company's certificate and adds its own UBLExtension after ours (docs/fiscal.md, out of scope).
import { bogotaDateTime, type DocumentTotals, formatAmount } from "./amounts";
import {
  ADJUSTMENT,
  COUNTRY,
  COUNTRY_LIST,
  CURRENCY,
  catalogueUrl,
  DIAN_AGENCY,
  DIAN_NIT,
  NIT_ID_TYPE_CODE,
  NS,
  POS,
  UBL_VERSION,
  UUID_SCHEME,
} from "./codes";
import type {
  AdjustmentNoteInput,
  BuyerBenefits,
  ElectronicDocumentInput,
  NumberingResolution,
  PosDocumentInput,
} from "./types";
import { documentLine, documentTaxTotal, legalMonetaryTotal, paymentMeans } from "./ubl-lines";
import { buyerIdentity, customerParty, supplierParty } from "./ubl-parties";
import { el, leaf, serialize, type XmlElement } from "./xml";

/** What the XML needs besides the input: figures and codes computed once by the entry point. */
export interface DocumentFacts {
  number: string;
  totals: DocumentTotals;
  cude: string;
  softwareSecurityCode: string;
}

function invoiceControl(resolution: NumberingResolution): XmlElement {
  return el("sts:InvoiceControl", null, [
    leaf("sts:InvoiceAuthorization", resolution.number),
    el("sts:AuthorizationPeriod", null, [
      leaf("cbc:StartDate", resolution.validFrom),
      leaf("cbc:EndDate", resolution.validUntil),
    ]),
    el("sts:AuthorizedInvoices", null, [
      leaf("sts:Prefix", resolution.prefix),
      leaf("sts:From", String(resolution.from)),
      leaf("sts:To", String(resolution.to)),
    ]),
  ]);
}

/** DIAN's extension: numbering authorisation (POS only; a note has none), software, and the QR's page. */
function dianExtensions(input: ElectronicDocumentInput, facts: DocumentFacts): XmlElement {
  const provider = input.software.provider ?? { nit: input.issuer.nit, checkDigit: input.issuer.checkDigit };
  return el("ext:UBLExtension", null, [
    el("ext:ExtensionContent", null, [
      el("sts:DianExtensions", null, [
        input.kind === "pos" && invoiceControl(input.resolution),
        el("sts:InvoiceSource", null, [leaf("cbc:IdentificationCode", COUNTRY.code, COUNTRY_LIST)]),
        el("sts:SoftwareProvider", null, [
          leaf("sts:ProviderID", provider.nit, {
            ...DIAN_AGENCY,
            schemeID: provider.checkDigit,
            schemeName: NIT_ID_TYPE_CODE,
          }),
          leaf("sts:SoftwareID", input.software.id, DIAN_AGENCY),
        ]),
        leaf("sts:SoftwareSecurityCode", facts.softwareSecurityCode, DIAN_AGENCY),
        el("sts:AuthorizationProvider", null, [
          leaf("sts:AuthorizationProviderID", DIAN_NIT.nit, {
            ...DIAN_AGENCY,
            schemeID: DIAN_NIT.checkDigit,
            schemeName: NIT_ID_TYPE_CODE,
          }),
        ]),
        leaf("sts:QRCode", catalogueUrl(input.environment, facts.cude)),
      ]),
    ]),
  ]);
}

/**
 * One of the POS annex's own extensions: a group of Name/Value pairs in the document's own namespace (the
 * root's default one, as DIAN's example writes them). DIAN rejects a POS document without all three.
 */
function nameValueExtension(wrapper: string, group: string, pairs: [string, string][]): XmlElement {
  const values = pairs.flatMap(([name, value]) => [leaf("Name", name), leaf("Value", value)]);
  return el("ext:UBLExtension", null, [
    el("ext:ExtensionContent", null, [el(wrapper, null, [el(group, null, values)])]),
  ]);
}

function posExtensions(input: PosDocumentInput, facts: DocumentFacts): XmlElement[] {
  const { manufacturer } = input.software;
  const buyer = buyerIdentity(input.buyer);
  const benefits: BuyerBenefits = input.buyerBenefits ?? { code: buyer.number, names: buyer.name, points: 0 };
  const register = input.pointOfSale;
  return [
    nameValueExtension("FabricanteSoftware", "InformacionDelFabricanteDelSoftware", [
      ["NombreApellido", manufacturer.personName],
      ["RazonSocial", manufacturer.companyName],
      ["NombreSoftware", manufacturer.softwareName],
    ]),
    nameValueExtension("BeneficiosComprador", "InformacionBeneficiosComprador", [
      ["Codigo", benefits.code],
      ["NombresApellidos", benefits.names],
      ["Puntos", String(benefits.points)],
    ]),
    // "UbicaciónCaja" and "CódigoVenta" carry their accents: DIAN compares these names literally
    nameValueExtension("PuntoVenta", "InformacionCajaVenta", [
      ["PlacaCaja", register.registerPlate],
      ["UbicaciónCaja", register.registerLocation],
      ["Cajero", register.cashier],
      ["TipoCaja", register.registerType],
      ["CódigoVenta", register.saleCode],
      ["SubTotal", formatAmount(facts.totals.lineExtension)],
    ]),
  ];
}

function rootAttributes(defaultNamespace: string, rootName: "Invoice" | "CreditNote") {
  return {
    xmlns: defaultNamespace,
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
    "xmlns:ds": NS.ds,
    "xmlns:ext": NS.ext,
    "xmlns:sts": NS.sts,
    "xmlns:xades": NS.xades,
    "xmlns:xades141": NS.xades141,
    "xmlns:xsi": NS.xsi,
    "xsi:schemaLocation": `${defaultNamespace} http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-${rootName}-2.1.xsd`,
  };
}

/** The elements every document opens with, up to its issue time. */
function header(input: ElectronicDocumentInput, facts: DocumentFacts, customizationId: string, profileId: string) {
  const issued = bogotaDateTime(input.issuedAt);
  return [
    leaf("cbc:UBLVersionID", UBL_VERSION),
    leaf("cbc:CustomizationID", customizationId),
    leaf("cbc:ProfileID", profileId),
    leaf("cbc:ProfileExecutionID", input.environment),
    leaf("cbc:ID", facts.number),
    leaf("cbc:UUID", facts.cude, { ...DIAN_AGENCY, schemeID: input.environment, schemeName: UUID_SCHEME }),
    leaf("cbc:IssueDate", issued.date),
    leaf("cbc:IssueTime", issued.time),
  ];
}

/** What both documents carry after their references: parties, payment, taxes, totals. */
function body(input: ElectronicDocumentInput, facts: DocumentFacts) {
  return [
    supplierParty(input.issuer, input.number.prefix),
    customerParty(input.buyer),
    ...paymentMeans(input.payments, bogotaDateTime(input.issuedAt).date),
    documentTaxTotal(facts.totals),
    legalMonetaryTotal(facts.totals),
  ];
}

function posDocument(input: PosDocumentInput, facts: DocumentFacts): XmlElement {
  return el("Invoice", rootAttributes(NS.invoice, "Invoice"), [
    el("ext:UBLExtensions", null, [dianExtensions(input, facts), ...posExtensions(input, facts)]),
    ...header(input, facts, POS.customizationId, POS.profileId),
    leaf("cbc:InvoiceTypeCode", POS.typeCode, { name: POS.typeName }),
    leaf("cbc:DocumentCurrencyCode", CURRENCY),
    leaf("cbc:LineCountNumeric", String(input.lines.length)),
    ...body(input, facts),
    ...input.lines.map((line, index) => documentLine(line, index + 1, "invoice")),
  ]);
}

function adjustmentNote(input: AdjustmentNoteInput, facts: DocumentFacts): XmlElement {
  const { reference, correction } = input;
  return el("CreditNote", rootAttributes(NS.creditNote, "CreditNote"), [
    el("ext:UBLExtensions", null, [dianExtensions(input, facts)]),
    ...header(input, facts, ADJUSTMENT.customizationId, ADJUSTMENT.profileId),
    leaf("cbc:CreditNoteTypeCode", ADJUSTMENT.typeCode),
    leaf("cbc:DocumentCurrencyCode", CURRENCY),
    leaf("cbc:LineCountNumeric", String(input.lines.length)),
    el("cac:DiscrepancyResponse", null, [
      leaf("cbc:ReferenceID", reference.number),
      leaf("cbc:ResponseCode", correction.code),
      leaf("cbc:Description", correction.description),
    ]),
    el("cac:BillingReference", null, [
      el("cac:InvoiceDocumentReference", null, [
        leaf("cbc:ID", reference.number),
        leaf("cbc:UUID", reference.cude, { schemeName: UUID_SCHEME }),
        leaf("cbc:IssueDate", bogotaDateTime(reference.issuedAt).date),
        leaf("cbc:DocumentTypeCode", ADJUSTMENT.referencedTypeCode),
      ]),
    ]),
    ...body(input, facts),
    ...input.lines.map((line, index) => documentLine(line, index + 1, "creditNote")),
  ]);
}

export function ublXml(input: ElectronicDocumentInput, facts: DocumentFacts): string {
  return serialize(input.kind === "pos" ? posDocument(input, facts) : adjustmentNote(input, facts));
}
