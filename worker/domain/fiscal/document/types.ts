// The input of an electronic POS document (documento equivalente electrónico tiquete de máquina registradora
// con sistema P.O.S., Resolución DIAN 000165 de 2023) and of its nota de ajuste. Amounts are integer
// centavos (design §4); codes DIAN reads are kept as DIAN writes them.

/** TipoAmbiente: "1" production, "2" test (habilitación). */
export type Environment = "1" | "2";

import type { TaxClass } from "../../../../shared/constants";

export type { TaxClass };
/** IVA rate in basis points: 1900 = 19 %. Exento and excluido lines are 0. */
export type TaxRateBp = 1900 | 500 | 0;

export type PaymentMethod = "efectivo" | "tarjeta" | "transferencia" | "nota_credito";

/** The buyer's identity document: cédula, NIT, cédula de extranjería, pasaporte. */
export type BuyerIdType = "CC" | "NIT" | "CE" | "PASAPORTE";

/** DIAN's concepts of correction of a nota de ajuste (1 partial return … 5 other). */
export type CorrectionCode = "1" | "2" | "3" | "4" | "5";

/** A NIT as DIAN reads it: digits only, and its check digit apart. */
export interface Nit {
  nit: string;
  checkDigit: string;
}

export interface Software {
  /** Software id DIAN gives when the software is registered (a UUID). */
  id: string;
  /** PIN chosen when the software was registered: it enters the CUDE and the SoftwareSecurityCode. */
  pin: string;
  /** Who provides the software; the issuer's own NIT when absent (software propio). */
  provider?: Nit;
  /** Who made it: the POS document's InformacionDelFabricanteDelSoftware. */
  manufacturer: { personName: string; companyName: string; softwareName: string };
}

/** An address with DANE codes: city (5 digits) and department (2 digits). */
export interface Address {
  line: string;
  cityCode: string;
  cityName: string;
  departmentCode: string;
  departmentName: string;
  postalCode?: string;
}

export interface Issuer extends Nit {
  legalName: string;
  tradeName: string;
  personType: "juridica" | "natural";
  /** Régimen (TaxLevelCode@listName): "48" responsable de IVA, "49" no responsable. */
  taxRegime: "48" | "49";
  /** Responsabilidades fiscales of the RUT, e.g. ["O-13", "O-15"] or ["R-99-PN"]. */
  responsibilities: string[];
  address: Address;
  email?: string;
  phone?: string;
}

/** The cash register the POS annex asks for (InformacionCajaVenta). */
export interface PointOfSale {
  /** Placa de inventario de la caja. */
  registerPlate: string;
  /** Ubicación de la caja (store and place). */
  registerLocation: string;
  /** Cajero o vendedor. */
  cashier: string;
  /** Tipo de caja, e.g. "Caja principal". */
  registerType: string;
  /** Código de la venta (the sale's own id). */
  saleCode: string;
}

/** The buyer's loyalty data (InformacionBeneficiosComprador); taken from the buyer when absent. */
export interface BuyerBenefits {
  code: string;
  names: string;
  points: number;
}

export interface Buyer {
  idType: BuyerIdType;
  number: string;
  /** Required for a NIT. */
  checkDigit?: string;
  name: string;
  email?: string;
  /** Defaults: a NIT is a persona jurídica, any other document a persona natural. */
  personType?: "juridica" | "natural";
}

export interface DocumentNumber {
  prefix: string;
  consecutive: number;
}

export interface NumberingResolution {
  number: string;
  /** Resolution date ('YYYY-MM-DD'): printed on the receipt, not part of the XML. */
  date: string;
  prefix: string;
  from: number;
  to: number;
  validFrom: string;
  validUntil: string;
}

export interface DocumentLine {
  /** The product's reference. */
  code: string;
  description: string;
  size?: string;
  quantity: number;
  /** Shelf price of one unit, IVA included. */
  unitPrice: number;
  /** The line after its share of the sale's discount, IVA included: taxBase + taxAmount. */
  net: number;
  taxBase: number;
  taxAmount: number;
  taxRateBp: TaxRateBp;
  taxClass: TaxClass;
}

export interface Payment {
  method: PaymentMethod;
  amount: number;
  /** A card payment's kind, when the till knows it. */
  card?: "credito" | "debito";
}

interface CommonInput {
  environment: Environment;
  software: Software;
  issuer: Issuer;
  number: DocumentNumber;
  /** ISO instant; the document prints its Bogotá date and time. */
  issuedAt: string;
  /** null: consumidor final. */
  buyer: Buyer | null;
  lines: DocumentLine[];
  payments: Payment[];
}

export interface PosDocumentInput extends CommonInput {
  kind: "pos";
  resolution: NumberingResolution;
  pointOfSale: PointOfSale;
  buyerBenefits?: BuyerBenefits;
}

/** The nota de ajuste (crédito) of a POS document: a return or a cancellation. */
export interface AdjustmentNoteInput extends CommonInput {
  kind: "adjustment";
  /** The POS document it corrects. */
  reference: { number: string; cude: string; issuedAt: string };
  correction: { code: CorrectionCode; description: string };
}

export type ElectronicDocumentInput = PosDocumentInput | AdjustmentNoteInput;

export interface ElectronicDocument {
  /** UBL 2.1 XML, unsigned: the technology provider adds the XAdES signature. */
  xml: string;
  cude: string;
  /** The QR code's text. */
  qr: string;
}
