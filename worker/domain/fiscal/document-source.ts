// What an electronic document is made of, read from the sale (or the return) it documents: the company and
// its fiscal settings, the store, the numbering resolution, the buyer, the lines with their IVA as stored
// when sold, and the payments. One read batch; the document itself is built by ./document (pure).
import { and, asc, eq, sql } from "drizzle-orm";
import { parseNit } from "../../../shared/nit";
import type { Db } from "../../db/client";
import {
  companies,
  customers,
  electronicDocuments,
  fiscalSettings,
  locations,
  numberingRanges,
  saleItems,
  salePayments,
  saleReturnItems,
  saleReturns,
  sales,
  users,
} from "../../db/schema";
import type { DocumentLine, ElectronicDocumentInput, Payment, TaxRateBp } from "./document";

type Row = typeof electronicDocuments.$inferSelect;

/** Why a document cannot be built yet: the administrador's to fix (kept as the row's reason). */
export class DocumentNotReady extends Error {}

const description = (i: { brand: string; model: string; color: string | null }) =>
  [i.brand, i.model, i.color].filter(Boolean).join(" ");

const numberParts = (number: string) => {
  const match = /^(.*?)(\d+)$/.exec(number);
  return { prefix: match?.[1] ?? "", consecutive: Number(match?.[2] ?? 0) };
};

/** The input of `row`'s document, or DocumentNotReady saying what is missing. */
export async function documentInputOf(db: Db, row: Row): Promise<ElectronicDocumentInput> {
  // each table apart: D1's batch answers name columns, so joined tables sharing names (id, name) would mix
  const ofSale = (column: string) =>
    sql`(SELECT ${sql.identifier(column)} FROM sales WHERE company_id = ${row.companyId} AND id = ${row.saleId})`;
  const [
    [settings],
    [company],
    [saleRow],
    [place],
    [seller],
    [customer],
    [range],
    items,
    payments,
    returned,
    [back],
    [original],
  ] = await db.batch([
    db.select().from(fiscalSettings).where(eq(fiscalSettings.companyId, row.companyId)),
    db.select().from(companies).where(eq(companies.id, row.companyId)),
    db
      .select()
      .from(sales)
      .where(and(eq(sales.companyId, row.companyId), eq(sales.id, row.saleId))),
    db
      .select()
      .from(locations)
      .where(eq(locations.id, ofSale("location_id"))),
    db
      .select()
      .from(users)
      .where(eq(users.id, ofSale("seller_id"))),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, ofSale("customer_id"))),
    db
      .select()
      .from(numberingRanges)
      .where(eq(numberingRanges.id, ofSale("numbering_range_id"))),
    db.select().from(saleItems).where(eq(saleItems.saleId, row.saleId)).orderBy(asc(saleItems.id)),
    db.select().from(salePayments).where(eq(salePayments.saleId, row.saleId)).orderBy(asc(salePayments.id)),
    db
      .select()
      .from(saleReturnItems)
      .where(eq(saleReturnItems.returnId, row.returnId ?? 0))
      .orderBy(asc(saleReturnItems.id)),
    db
      .select()
      .from(saleReturns)
      .where(eq(saleReturns.id, row.returnId ?? 0)),
    db
      .select({ cude: electronicDocuments.cude, number: electronicDocuments.number })
      .from(electronicDocuments)
      .where(and(eq(electronicDocuments.saleId, row.saleId), eq(electronicDocuments.kind, "pos"))),
  ]);
  const sale = saleRow && place && seller ? { sale: saleRow, place, seller, customer, range } : null;
  if (!settings) {
    throw new DocumentNotReady(
      "Falta la configuración de facturación electrónica de la empresa (software DIAN, dirección y proveedor)",
    );
  }
  const nit = parseNit(company?.taxId ?? "");
  if (!company || !nit.ok) throw new DocumentNotReady("La empresa no tiene un NIT válido en Configuración");
  if (!sale) throw new DocumentNotReady(`La venta #${row.saleId} no existe`);
  const common = {
    environment: settings.environment,
    software: {
      id: settings.softwareId,
      pin: settings.softwarePin,
      manufacturer: { personName: settings.softwareMaker, companyName: settings.softwareMaker, softwareName: "Horma" },
    },
    issuer: {
      nit: nit.number,
      checkDigit: String(nit.checkDigit),
      legalName: company.legalName ?? company.name,
      tradeName: company.name,
      personType: settings.personType,
      taxRegime: settings.taxRegime,
      responsibilities: settings.responsibilities
        .split(";")
        .map((r) => r.trim())
        .filter(Boolean),
      address: {
        line: settings.address,
        cityCode: settings.cityCode,
        cityName: settings.cityName,
        departmentCode: settings.departmentCode,
        departmentName: settings.departmentName,
      },
      email: company.email,
      ...(company.phone ? { phone: company.phone } : {}),
    },
    number: numberParts(row.number),
    buyer: sale.customer
      ? {
          idType: sale.customer.documentType,
          number: sale.customer.documentNumber,
          ...(sale.customer.nitCheckDigit === null ? {} : { checkDigit: String(sale.customer.nitCheckDigit) }),
          name: sale.customer.name,
          ...(sale.customer.email ? { email: sale.customer.email } : {}),
        }
      : null,
  } as const;
  const byItem = new Map(items.map((i) => [i.id, i]));
  if (row.kind === "pos") {
    const range = sale.range;
    if (!range) throw new DocumentNotReady(`La venta #${sale.sale.id} no tiene resolución de numeración`);
    return {
      ...common,
      kind: "pos",
      issuedAt: sale.sale.createdAt,
      resolution: {
        number: range.resolutionNumber,
        date: range.resolutionDate,
        prefix: range.prefix,
        from: range.rangeFrom,
        to: range.rangeTo,
        validFrom: range.validFrom,
        validUntil: range.validUntil,
      },
      pointOfSale: {
        registerPlate: `CAJA-${sale.place.id}`,
        registerLocation: [sale.place.name, sale.place.address].filter(Boolean).join(", "),
        cashier: `${sale.seller.firstName} ${sale.seller.lastName}`,
        registerType: "Caja principal",
        saleCode: String(sale.sale.id),
      },
      lines: items.map((i) => ({
        code: i.sneakerReferenceCode,
        description: description(i),
        size: i.size,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        net: i.netAmount,
        taxBase: i.taxBase,
        taxAmount: i.taxAmount,
        taxRateBp: i.taxRate as TaxRateBp,
        taxClass: i.taxClass,
      })),
      payments: payments.map((p): Payment => ({ method: p.paymentType, amount: p.amount })),
    };
  }
  if (!back) throw new DocumentNotReady(`La devolución #${row.returnId} no existe`);
  if (!original?.cude) throw new DocumentNotReady(`El documento POS de la venta #${sale.sale.id} aún no se ha emitido`);
  const lines = returned.map((line): DocumentLine => {
    const item = byItem.get(line.saleItemId);
    if (!item) throw new DocumentNotReady(`La línea ${line.saleItemId} no es de la venta #${sale.sale.id}`);
    return {
      code: item.sneakerReferenceCode,
      description: description(item),
      size: item.size,
      quantity: line.quantity,
      unitPrice: item.unitPrice,
      net: line.amount,
      taxBase: line.taxBase,
      taxAmount: line.taxAmount,
      taxRateBp: item.taxRate as TaxRateBp,
      taxClass: item.taxClass,
    };
  });
  const money: Payment[] = [
    ...(back.refundAmount > 0 && back.refundMethod ? [{ method: back.refundMethod, amount: back.refundAmount }] : []),
    ...(back.creditAmount > 0 ? [{ method: "nota_credito" as const, amount: back.creditAmount }] : []),
  ];
  return {
    ...common,
    kind: "adjustment",
    issuedAt: back.createdAt,
    reference: { number: original.number, cude: original.cude, issuedAt: sale.sale.createdAt },
    correction:
      back.exchangeSaleId === null
        ? { code: "1", description: "Devolución parcial de los bienes y/o no aceptación parcial del servicio" }
        : { code: "1", description: "Devolución de los bienes por cambio" },
    lines,
    payments: money,
  };
}
