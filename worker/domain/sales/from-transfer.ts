// A sale of what a completed transfer brought to the seller's location.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { productRefusal } from "../../../shared/messages";
import type { Db } from "../../db/client";
import { isGuardFailure, requireThat } from "../../db/guards";
import { rowsPerStatement } from "../../db/limits";
import { priceOverrides, products, saleItems, salePayments, sales, transferRequests } from "../../db/schema";
import { conflict, notFound, unprocessable } from "../../lib/errors";
import { NOTHING_SELLABLE, sellableUnitsOf } from "../discrepancies";
import { toCentavos } from "../money";
import { offCataloguePrice, overrideProblem } from "../price-authority";
import { type PaymentInput, priceSale } from "../sale-pricing";
import { rollupStatements } from "../sales-rollup";
import { stockChangeStatements } from "../stock";
import { assertTillOpen, tillGuard } from "../till-rule";
import { bogotaDate } from "../time";
import { oneSale, replay, type SaleDto, saleByKey } from "./read";
import { isConstraint, SALE_PAYMENT_PARAMS, saleIdOf } from "./statements";
import type { Seller } from "./types";

export const TRANSFER_RETURNED = "Esta transferencia ya tiene una devolución; no se puede vender";

/** Returns of a transfer that still count: any not cancelled. */
export const openReturnOf = (transferId: number) =>
  and(eq(transferRequests.originalTransferId, transferId), sql`${transferRequests.status} <> 'cancelled'`) as SQL;

function transferStillSellable(seller: Seller, transferId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM transfer_requests WHERE company_id = ${seller.companyId} AND original_transfer_id = ${transferId} AND status <> 'cancelled')`;
}

/**
 * Sells what a completed transfer brought to the seller's location: its pairs, or for a single-foot
 * transfer the pair it completed (one left and one right foot).
 */
export async function createSaleFromTransfer(
  db: Db,
  seller: Seller,
  input: {
    transferId: number;
    totalAmount: number;
    payments: PaymentInput[];
    notes: string | null;
    idempotencyKey: string;
    /** an administrador's authorisation to sell off the catalogue price */
    priceOverrideId?: number | null;
  },
): Promise<SaleDto> {
  const existing = await saleByKey(db, seller.companyId, input.idempotencyKey);
  if (existing) return replay(db, seller, existing);
  const [transfer] = await db
    .select()
    .from(transferRequests)
    .where(and(eq(transferRequests.companyId, seller.companyId), eq(transferRequests.id, input.transferId)))
    .limit(1);
  if (!transfer) throw notFound("Transferencia no encontrada");
  if (transfer.destinationLocationId !== seller.locationId) {
    throw conflict("La transferencia no fue recibida en tu ubicación");
  }
  if (transfer.status !== "completed") throw conflict("Solo se puede vender una transferencia completada");
  if (transfer.purpose === "return") throw conflict("Una devolución no se puede vender");
  const [[sold], [returned]] = await db.batch([
    db.select({ id: sales.id }).from(sales).where(eq(sales.transferId, transfer.id)).limit(1),
    db
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(and(openReturnOf(transfer.id), eq(transferRequests.companyId, seller.companyId)))
      .limit(1),
  ]);
  if (sold) throw conflict("Esta transferencia ya fue vendida");
  if (returned) throw conflict(TRANSFER_RETURNED);
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.id, transfer.productId ?? 0))
    .limit(1);
  const singleFoot = transfer.transferType === "single_foot";
  // what arrived sellable: units reported damaged on reception are held apart, not in stock
  const sellable = await sellableUnitsOf(db, transfer);
  if (sellable < 1) throw conflict(NOTHING_SELLABLE);
  const quantity = singleFoot ? 1 : sellable;
  const unitPrice = input.totalAmount / quantity;
  const refused = productRefusal(product, transfer.sneakerReferenceCode);
  if (refused || !product) throw unprocessable(refused ?? "");
  const unitPriceCentavos = toCentavos(unitPrice);
  const overrideId = input.priceOverrideId ?? null;
  if (overrideId !== null) {
    const [override] = await db
      .select()
      .from(priceOverrides)
      .where(and(eq(priceOverrides.companyId, seller.companyId), eq(priceOverrides.id, overrideId)))
      .limit(1);
    const problem = overrideProblem(
      override,
      { sellerId: seller.id, productId: product.id, ref: product.referenceCode, unitPriceCentavos },
      new Date(),
    );
    if (problem) throw problem;
  } else if (unitPriceCentavos !== product.unitPrice) {
    throw offCataloguePrice(product.referenceCode, product.unitPrice);
  }
  const priced = priceSale(
    [{ sneaker_reference_code: transfer.sneakerReferenceCode, size: transfer.size, quantity, unit_price: unitPrice }],
    input.payments,
    input.totalAmount,
  );
  const saleId = saleIdOf(seller.companyId, input.idempotencyKey);
  // the foot that arrived formed a pair with the one waiting here (pair_formed): that pair is sold
  const delta = { pairs: -quantity };
  const now = new Date();
  await assertTillOpen(db, seller.companyId, seller.locationId, seller.locationName);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    tillGuard(db, seller.companyId, seller.locationId),
    // What the checks above read must still hold when the batch writes: the pair may not have been
    // sent back meanwhile (a return of this transfer that is not cancelled).
    requireThat(db, "transfer_not_returned", transferStillSellable(seller, transfer.id)),
    // the price read must still be the catalogue's, or the authorisation still unused
    ...(overrideId === null
      ? [
          requireThat(
            db,
            "sale at catalogue price",
            sql`(SELECT unit_price FROM products WHERE id = ${product.id}) = ${unitPriceCentavos}`,
          ),
        ]
      : [
          requireThat(
            db,
            "price override unused",
            sql`EXISTS (SELECT 1 FROM price_overrides WHERE id = ${overrideId} AND used_in_sale_id IS NULL)`,
          ),
        ]),
    db.insert(sales).values({
      companyId: seller.companyId,
      sellerId: seller.id,
      locationId: seller.locationId,
      saleDate: now.toISOString(),
      subtotalAmount: priced.subtotalCentavos,
      totalAmount: priced.totalCentavos,
      notes: input.notes,
      requiresConfirmation: false,
      confirmed: true,
      confirmedAt: new Date().toISOString(),
      transferId: transfer.id,
      idempotencyKey: input.idempotencyKey,
    }),
    db.insert(saleItems).values({
      companyId: seller.companyId,
      saleId,
      productId: transfer.productId,
      sneakerReferenceCode: transfer.sneakerReferenceCode,
      brand: transfer.brand,
      model: transfer.model,
      color: transfer.color ?? product?.color ?? null,
      size: transfer.size,
      quantity,
      unitPrice: Math.round(priced.totalCentavos / quantity),
      subtotal: priced.totalCentavos,
      cataloguePrice: product.unitPrice,
      unitCost: product.costPrice,
      priceOverrideId: overrideId,
    }),
    ...(overrideId === null
      ? []
      : [db.update(priceOverrides).set({ usedInSaleId: saleId }).where(eq(priceOverrides.id, overrideId))]),
    ...rowsPerStatement(
      priced.payments.map((p) => ({
        companyId: seller.companyId,
        saleId,
        paymentType: p.paymentType,
        amount: p.amountCentavos,
        reference: p.reference,
        cashReceived: p.cashReceivedCentavos,
      })),
      SALE_PAYMENT_PARAMS,
    ).map((rows) => db.insert(salePayments).values(rows)),
    ...stockChangeStatements(db, {
      companyId: seller.companyId,
      productId: transfer.productId ?? 0,
      locationId: seller.locationId,
      size: transfer.size,
      delta,
      reason: "sale",
      saleId,
      transferId: transfer.id,
      userId: seller.id,
    }),
    ...rollupStatements(
      db,
      {
        companyId: seller.companyId,
        day: bogotaDate(now),
        locationId: seller.locationId,
        sellerId: seller.id,
        totalAmount: priced.totalCentavos,
        lines: [
          {
            referenceCode: transfer.sneakerReferenceCode,
            brand: transfer.brand,
            model: transfer.model,
            quantity,
            subtotal: priced.totalCentavos,
          },
        ],
        payments: priced.payments.map((p) => ({ paymentType: p.paymentType, amount: p.amountCentavos })),
      },
      1,
    ),
  ];
  try {
    await db.batch(statements);
  } catch (err) {
    if (isGuardFailure(err)) {
      const [returned] = await db
        .select({ id: transferRequests.id })
        .from(transferRequests)
        .where(and(openReturnOf(transfer.id), eq(transferRequests.companyId, seller.companyId)))
        .limit(1);
      if (returned) throw conflict(TRANSFER_RETURNED);
      await assertTillOpen(db, seller.companyId, seller.locationId, seller.locationName);
      throw conflict(
        overrideId === null
          ? "El precio de catálogo cambió mientras se registraba la venta; revisa el precio y vuelve a intentarlo"
          : "La autorización de precio ya se usó en otra venta",
      );
    }
    if (isConstraint(err, "UNIQUE", "transfer_id")) throw conflict("Esta transferencia ya fue vendida");
    if (isConstraint(err, "UNIQUE", "idempotency_key")) {
      const existing = await saleByKey(db, seller.companyId, input.idempotencyKey);
      if (existing) return replay(db, seller, existing);
    }
    if (isConstraint(err, "CHECK")) {
      throw conflict(
        `Stock insuficiente para ${transfer.sneakerReferenceCode} talla ${transfer.size}: la unidad ya no está disponible`,
      );
    }
    throw err;
  }
  const created = await saleByKey(db, seller.companyId, input.idempotencyKey);
  if (!created) throw new Error("sale not found after insert");
  return oneSale(db, seller.companyId, created.id);
}
