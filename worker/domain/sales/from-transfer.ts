// A sale of what a completed transfer brought to the seller's location.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { productRefusal } from "../../../shared/messages";
import { isSingular, plural, pluralWord } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { isGuardFailure, requireThat } from "../../db/guards";
import { rowsPerStatement } from "../../db/limits";
import { priceOverrides, products, saleItems, salePayments, sales, transferRequests } from "../../db/schema";
import { noNumberingText, numberingRuleHolds, takeNumberStatements, takenNumber } from "../fiscal/numbering";
import { posDocumentStatement } from "../fiscal/outbox";
import { companyRowOf } from "../shared/company-row";
import { conflict, invalid } from "../shared/errors";
import { copText, toCentavos } from "../shared/money";
import { bogotaDate } from "../shared/time";
import { NOTHING_SELLABLE, sellableUnitsOf } from "../stock/discrepancies";
import { stockChangeStatements } from "../stock/ledger";
import { tillClosedText, tillGuard, tillRuleHolds } from "../till/rule";
import { offCataloguePrice, overrideProblem } from "./price-authority";
import { oneSale, replayOfKey, type SaleDto, saleByKey } from "./read";
import { rollupStatements } from "./rollup";
import { priceSale } from "./sale-pricing";
import {
  alertStatements,
  isConstraint,
  lineTaxColumns,
  paymentRowsOf,
  SALE_PAYMENT_PARAMS,
  saleIdOf,
} from "./statements";
import type { NewSaleFromTransfer, Seller } from "./types";

export const TRANSFER_RETURNED = "Esta transferencia ya tiene una devolución; no se puede vender";

/** Returns of a transfer that still count: any not cancelled. */
export const openReturnOf = (transferId: number) =>
  and(eq(transferRequests.originalTransferId, transferId), sql`${transferRequests.status} <> 'cancelled'`) as SQL;

/** Units of a transfer sold so far: the lines of its sales that were not rejected. */
export const soldUnitsSql = (transferId: number) =>
  sql<number>`(SELECT COALESCE(SUM(si.quantity), 0) FROM sale_items si JOIN sales s ON s.id = si.sale_id WHERE s.transfer_id = ${transferId} AND s.status <> 'rejected')`;

/** Units of a transfer on their way back (or back): its returns that were not cancelled. */
export const returningUnitsSql = (transferId: number) =>
  sql<number>`(SELECT COALESCE(SUM(r.quantity), 0) FROM transfer_requests r WHERE r.original_transfer_id = ${transferId} AND r.status <> 'cancelled')`;

/** What became of a completed transfer's units so far: sold, and sent back. */
export async function disposalsOf(db: Db, transferId: number) {
  const [row] = await db.all<{ sold: number; back: number }>(
    sql`SELECT ${soldUnitsSql(transferId)} AS sold, ${returningUnitsSql(transferId)} AS back`,
  );
  return { sold: Number(row?.sold ?? 0), returning: Number(row?.back ?? 0) };
}

const pairsText = (n: number) => plural(n, "par", "pares");

/** Why nothing (more) of a transfer can be sold, in the words of what happened to it. */
function nothingLeft(sellable: number, sold: number, returning: number): string {
  if (returning > 0 && sold === 0) return TRANSFER_RETURNED;
  if (returning > 0)
    return `De esta transferencia ya se vendieron ${pairsText(sold)} y lo demás va de vuelta en una devolución: no queda nada por vender`;
  return isSingular(sellable)
    ? "Esta transferencia ya fue vendida"
    : `Los ${sellable} pares de esta transferencia ya se vendieron`;
}

/** Why a transfer cannot be sold yet (or at all), naming the state it is in. */
function notSellableYet(status: string): string {
  if (status === "cancelled") return "La transferencia fue cancelada: no trajo pares que vender";
  if (status === "delivered")
    return "La transferencia aún no se recibió: confirma la recepción en 'Recepciones por Confirmar' antes de venderla";
  const where: Record<string, string> = {
    pending: "está pendiente en el origen",
    accepted: "la están preparando en el origen",
    courier_assigned: "un corredor va a recogerla",
    in_transit: "está en camino",
  };
  return `La transferencia aún no se recibió: ${where[status] ?? "no ha llegado"}`;
}

/**
 * Sells what a completed transfer brought to the seller's location: `quantity` of its pairs (by default
 * all that is left; a transfer of several pairs can be sold in several sales), or for a single-foot
 * transfer the pair it completed (one left and one right foot).
 */
export async function createSaleFromTransfer(db: Db, seller: Seller, input: NewSaleFromTransfer): Promise<SaleDto> {
  const replayed = await replayOfKey(db, seller, input.idempotencyKey);
  if (replayed) return replayed;
  const transfer = await companyRowOf(
    db,
    transferRequests,
    seller.companyId,
    input.transferId,
    "Transferencia no encontrada",
  );
  if (transfer.purpose === "return") throw conflict("Una devolución no se puede vender");
  if (transfer.destinationLocationId !== seller.locationId) {
    throw conflict("La transferencia no fue recibida en tu ubicación: la vende el local que la recibió");
  }
  if (transfer.status !== "completed") throw conflict(notSellableYet(transfer.status));
  const singleFoot = transfer.transferType === "single_foot";
  // what arrived sellable: units reported damaged on reception are held apart, not in stock
  const sellable = await sellableUnitsOf(db, transfer);
  if (sellable < 1) throw conflict(NOTHING_SELLABLE);
  const { sold, returning } = await disposalsOf(db, transfer.id);
  const left = Math.max(0, sellable - sold - returning);
  if (left < 1) throw conflict(nothingLeft(sellable, sold, returning));
  const quantity = singleFoot ? 1 : (input.quantity ?? left);
  if (singleFoot && input.quantity != null && input.quantity !== 1)
    throw invalid("Un pie suelto forma un solo par: la cantidad es 1");
  if (quantity > left)
    throw conflict(
      `Solo ${pluralWord(left, "queda", "quedan")} ${plural(left, "par", "pares")} de esta transferencia por vender (pediste ${quantity})`,
    );
  const unitPrice = input.totalAmount / quantity;
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.id, transfer.productId ?? 0))
    .limit(1);
  const refused = productRefusal(product, transfer.sneakerReferenceCode);
  if (refused || !product) throw invalid(refused ?? "");
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
    // a total that is the catalogue price of another number of pairs: say so, not "another price"
    const totalCentavos = toCentavos(input.totalAmount);
    const pairsPaid = product.unitPrice > 0 ? totalCentavos / product.unitPrice : 0;
    if (Number.isInteger(pairsPaid) && pairsPaid > 0)
      throw invalid(
        `El total (${copText(totalCentavos)}) es el precio de ${pairsText(pairsPaid)}, pero vendes ${pairsText(quantity)}: el total debe ser ${copText(product.unitPrice * quantity)}`,
      );
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
  await assertStoreMaySell(db, seller);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    tillGuard(db, seller.companyId, seller.locationId),
    ...takeNumberStatements(db, seller.companyId, seller.locationId, input.idempotencyKey, bogotaDate(now)),
    // What the checks above read must still hold when the batch writes: no sale or return of the same
    // units got in meanwhile (what was sold and sent back, plus this sale, fits in what arrived).
    requireThat(
      db,
      "transfer_units_left",
      sql`${soldUnitsSql(transfer.id)} + ${returningUnitsSql(transfer.id)} + ${quantity} <= ${sellable}`,
    ),
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
      ...takenNumber(seller.companyId, input.idempotencyKey),
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
      ...lineTaxColumns(priced.totalCentavos, product.taxClass),
    }),
    ...(overrideId === null
      ? []
      : [db.update(priceOverrides).set({ usedInSaleId: saleId }).where(eq(priceOverrides.id, overrideId))]),
    ...rowsPerStatement(paymentRowsOf(seller.companyId, saleId, priced), SALE_PAYMENT_PARAMS).map((rows) =>
      db.insert(salePayments).values(rows),
    ),
    posDocumentStatement(db, seller.companyId, input.idempotencyKey),
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
    // the pairs sold may take the store below an alert rule's minimum, the number its range to 90 % (issue 37)
    ...alertStatements(db, seller, input.idempotencyKey, [
      { ref: transfer.sneakerReferenceCode, size: transfer.size, quantity, productId: product.id },
    ]),
    ...rollupStatements(
      db,
      {
        companyId: seller.companyId,
        saleId,
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
      const now = await disposalsOf(db, transfer.id);
      const leftNow = Math.max(0, sellable - now.sold - now.returning);
      if (leftNow < 1) throw conflict(nothingLeft(sellable, now.sold, now.returning));
      if (leftNow < quantity)
        throw conflict(
          `Solo ${pluralWord(leftNow, "queda", "quedan")} ${plural(leftNow, "par", "pares")} de esta transferencia por vender (pediste ${quantity})`,
        );
      await assertStoreMaySell(db, seller);
      throw conflict(
        overrideId === null
          ? "El precio de catálogo cambió mientras se registraba la venta; revisa el precio y vuelve a intentarlo"
          : "La autorización de precio ya se usó en otra venta",
      );
    }
    if (isConstraint(err, "UNIQUE", "idempotency_key")) {
      const replayed = await replayOfKey(db, seller, input.idempotencyKey);
      if (replayed) return replayed;
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

/** 409 when the store's till must be open and is not, or its company requires a DIAN number it has none of. */
async function assertStoreMaySell(db: Db, seller: Seller) {
  const { companyId, locationId, locationName } = seller;
  const [rules] = await db.all<{ till: number; numbered: number }>(
    sql`SELECT ${tillRuleHolds(companyId, locationId)} AS till, ${numberingRuleHolds(companyId, locationId, bogotaDate())} AS numbered`,
  );
  if (!rules?.till) throw conflict(tillClosedText(locationName));
  if (!rules.numbered) throw conflict(noNumberingText(locationName));
}
