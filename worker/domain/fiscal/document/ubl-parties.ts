// The parties of the document: the issuing company (AccountingSupplierParty) and the buyer
// (AccountingCustomerParty), the consumidor final when the sale names nobody. Element order is UBL 2.1's.
import {
  BUYER_ID_TYPE_CODES,
  COUNTRY,
  DIAN_AGENCY,
  FINAL_CONSUMER,
  IVA,
  NIT_ID_TYPE_CODE,
  NO_TAX_SCHEME,
  NOT_RESPONSIBLE,
  PERSON_TYPE_CODES,
} from "./codes";
import type { Address, Buyer, Issuer } from "./types";
import { el, leaf, type XmlElement } from "./xml";

function address(tag: string, value: Address): XmlElement {
  return el(tag, null, [
    leaf("cbc:ID", value.cityCode),
    leaf("cbc:CityName", value.cityName),
    value.postalCode && leaf("cbc:PostalZone", value.postalCode),
    leaf("cbc:CountrySubentity", value.departmentName),
    leaf("cbc:CountrySubentityCode", value.departmentCode),
    el("cac:AddressLine", null, [leaf("cbc:Line", value.line)]),
    el("cac:Country", null, [
      leaf("cbc:IdentificationCode", COUNTRY.code),
      leaf("cbc:Name", COUNTRY.name, { languageID: "es" }),
    ]),
  ]);
}

const nitAttributes = (checkDigit: string) => ({ ...DIAN_AGENCY, schemeID: checkDigit, schemeName: NIT_ID_TYPE_CODE });

export function supplierParty(issuer: Issuer, documentPrefix: string): XmlElement {
  const companyId = () => leaf("cbc:CompanyID", issuer.nit, nitAttributes(issuer.checkDigit));
  const taxScheme = issuer.taxRegime === "48" ? IVA : NO_TAX_SCHEME;
  return el("cac:AccountingSupplierParty", null, [
    leaf("cbc:AdditionalAccountID", PERSON_TYPE_CODES[issuer.personType]),
    el("cac:Party", null, [
      el("cac:PartyName", null, [leaf("cbc:Name", issuer.tradeName)]),
      el("cac:PhysicalLocation", null, [address("cac:Address", issuer.address)]),
      el("cac:PartyTaxScheme", null, [
        leaf("cbc:RegistrationName", issuer.legalName),
        companyId(),
        leaf("cbc:TaxLevelCode", issuer.responsibilities.join(";"), { listName: issuer.taxRegime }),
        address("cac:RegistrationAddress", issuer.address),
        el("cac:TaxScheme", null, [leaf("cbc:ID", taxScheme.id), leaf("cbc:Name", taxScheme.name)]),
      ]),
      el("cac:PartyLegalEntity", null, [
        leaf("cbc:RegistrationName", issuer.legalName),
        companyId(),
        el("cac:CorporateRegistrationScheme", null, [leaf("cbc:ID", documentPrefix)]),
      ]),
      (issuer.phone || issuer.email) &&
        el("cac:Contact", null, [
          issuer.phone && leaf("cbc:Telephone", issuer.phone),
          issuer.email && leaf("cbc:ElectronicMail", issuer.email),
        ]),
    ]),
  ]);
}

/** What identifies the buyer in the XML, the CUDE (NumAdq) and the QR (DocAdq). */
export function buyerIdentity(buyer: Buyer | null) {
  if (!buyer) {
    return {
      number: FINAL_CONSUMER.number,
      typeCode: FINAL_CONSUMER.idTypeCode,
      name: FINAL_CONSUMER.name,
      checkDigit: "",
    };
  }
  return {
    number: buyer.number,
    typeCode: BUYER_ID_TYPE_CODES[buyer.idType],
    name: buyer.name,
    checkDigit: buyer.idType === "NIT" ? (buyer.checkDigit ?? "") : "",
  };
}

/**
 * The buyer as DIAN's POS example writes the consumidor final (its fixed id, name and IVA scheme); a named
 * buyer adds its legal entity and e-mail.
 */
export function customerParty(buyer: Buyer | null): XmlElement {
  const identity = buyerIdentity(buyer);
  const personType = buyer?.personType ?? (buyer?.idType === "NIT" ? "juridica" : "natural");
  const idAttributes = { ...DIAN_AGENCY, schemeID: identity.checkDigit, schemeName: identity.typeCode };
  return el("cac:AccountingCustomerParty", null, [
    leaf("cbc:AdditionalAccountID", PERSON_TYPE_CODES[personType]),
    el("cac:Party", null, [
      el("cac:PartyIdentification", null, [leaf("cbc:ID", identity.number, idAttributes)]),
      el("cac:PartyName", null, [leaf("cbc:Name", identity.name)]),
      el("cac:PartyTaxScheme", null, [
        leaf("cbc:RegistrationName", identity.name),
        leaf("cbc:CompanyID", identity.number, idAttributes),
        leaf("cbc:TaxLevelCode", NOT_RESPONSIBLE, { listName: "48" }),
        el("cac:TaxScheme", null, [leaf("cbc:ID", IVA.id), leaf("cbc:Name", IVA.name)]),
      ]),
      buyer &&
        el("cac:PartyLegalEntity", null, [
          leaf("cbc:RegistrationName", identity.name),
          leaf("cbc:CompanyID", identity.number, idAttributes),
        ]),
      buyer?.email && el("cac:Contact", null, [leaf("cbc:ElectronicMail", buyer.email)]),
    ]),
  ]);
}
