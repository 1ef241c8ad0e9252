// DIAN's literals and code lists for the POS document and its nota de ajuste. Sources: the examples of
// DIAN's "Caja de herramientas Doc-Equivalentes V1-3" (Anexo técnico documento equivalente electrónico
// v1.0, Resolución 000165 de 2023) and DIAN's genericode lists of the invoice annex (MediosPago,
// TipoIdFiscal, TipoOrganizacion); see docs/fiscal.md for where each was checked.
import type { BuyerIdType, CorrectionCode, Environment, Payment } from "./types";

export const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  sts: "dian:gov:co:facturaelectronica:Structures-2-1",
  // declared for the provider's XAdES signature, which goes in a UBLExtension of its own
  ds: "http://www.w3.org/2000/09/xmldsig#",
  xades: "http://uri.etsi.org/01903/v1.3.2#",
  xades141: "http://uri.etsi.org/01903/v1.4.1#",
  xsi: "http://www.w3.org/2001/XMLSchema-instance",
} as const;

/** The POS document (Invoice). ProfileID is compared literally by DIAN (rule DEAD03). */
export const POS = {
  customizationId: "10",
  profileId: "DIAN 2.1: Documento Equivalente POS",
  typeCode: "20",
  typeName: "Factura tipo punto de venta POS",
} as const;

/** The nota de ajuste crédito (CreditNote). CustomizationID names the document type it adjusts (20, POS). */
export const ADJUSTMENT = {
  customizationId: "20",
  profileId: "DIAN 2.1: Nota de ajuste crédito al documento equivalente",
  typeCode: "94",
  referencedTypeCode: POS.typeCode,
} as const;

export const UBL_VERSION = "UBL 2.1";
export const CURRENCY = "COP";
export const UUID_SCHEME = "CUDE-SHA384";

export const DIAN_AGENCY = {
  schemeAgencyID: "195",
  schemeAgencyName: "CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)",
};
/** DIAN's own NIT, the AuthorizationProvider of every document. */
export const DIAN_NIT = { nit: "800197268", checkDigit: "4" };

export const COUNTRY = { code: "CO", name: "Colombia" };
export const COUNTRY_LIST = {
  listAgencyID: "6",
  listAgencyName: "United Nations Economic Commission for Europe",
  listSchemeURI: "urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1",
};

export const IVA = { id: "01", name: "IVA" } as const;
/** The tax codes the CUDE lists after IVA; Horma's sales carry neither, so they enter as 0.00. */
export const INC_CODE = "04";
export const ICA_CODE = "03";
/** A buyer that is not responsible for IVA. */
export const NO_TAX_SCHEME = { id: "ZZ", name: "No aplica" } as const;
export const NOT_RESPONSIBLE = "R-99-PN";

/** DIAN's consumidor final: fixed id and name (official POS example). */
export const FINAL_CONSUMER = { number: "222222222222", idTypeCode: "13", name: "Consumidor Final" } as const;

/** TipoIdFiscal. */
export const BUYER_ID_TYPE_CODES: Record<BuyerIdType, string> = { CC: "13", NIT: "31", CE: "22", PASAPORTE: "41" };
export const NIT_ID_TYPE_CODE = "31";

/** TipoOrganizacion (AdditionalAccountID). */
export const PERSON_TYPE_CODES = { juridica: "1", natural: "2" } as const;

/** FormasPago: a POS sale is paid at once. */
export const PAYMENT_FORM_CASH = "1";

/**
 * MediosPago. A card whose kind the till does not know is "1" (instrumento no definido) rather than a guess;
 * store credit from an earlier return has no code of its own and goes as "ZZZ" (acuerdo mutuo).
 */
export function paymentMeansCode(payment: Payment): string {
  switch (payment.method) {
    case "efectivo":
      return "10";
    case "tarjeta":
      return payment.card === "credito" ? "48" : payment.card === "debito" ? "49" : "1";
    case "transferencia":
      return "47";
    case "nota_credito":
      return "ZZZ";
  }
}

/** The nota de ajuste's concepts of correction (DE annex, shared by the credit notes of documents equivalentes). */
export const CORRECTION_CONCEPTS: Record<CorrectionCode, string> = {
  "1": "Devolución parcial de los bienes y/o no aceptación parcial del servicio",
  "2": "Anulación del documento equivalente electrónico",
  "3": "Rebaja o descuento parcial o total",
  "4": "Ajuste de precio",
  "5": "Otros",
};

/** Item codes of the seller's own (estándar de adopción del contribuyente). */
export const OWN_ITEM_SCHEME = { schemeID: "999", schemeName: "Estándar de adopción del contribuyente" };
/** Unit of the lines (a pair of shoes counts as one unit), as DIAN's POS example writes shoes. */
export const UNIT_CODE = "NIU";

/** The DIAN catalogue page a QR code opens, per environment (official POS example: test is the -hab site). */
export function catalogueUrl(environment: Environment, cude: string): string {
  const host = environment === "1" ? "catalogo-vpfe.dian.gov.co" : "catalogo-vpfe-hab.dian.gov.co";
  return `https://${host}/document/searchqr?documentkey=${cude}`;
}
