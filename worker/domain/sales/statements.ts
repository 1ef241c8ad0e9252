// The write batch of a sale, shared by a sale of pairs and a sale of a received transfer.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TaxClass } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { requireChanged, requireThat } from "../../db/guards";
import { rowsPerStatement } from "../../db/limits";
import { discountRequests, priceOverrides, saleItems, salePayments, sales } from "../../db/schema";
import { alertNoticeStatements, lowStockAlertStatement, numberingAlertStatement } from "../alerts/enqueue";
import { takeNumberStatements, takenNumber } from "../fiscal/numbering";
import { posDocumentStatement } from "../fiscal/outbox";
import { linesNet, lineTax, lineTaxSql, TAX_RATE_BP } from "../fiscal/tax";
import { bogotaDate } from "../shared/time";
import { stockChangeStatements } from "../stock/ledger";
import { saleDateGuard, tillGuard } from "../till/rule";
import { rollupStatements } from "./rollup";
import type { PricedSale } from "./sale-pricing";
import type { NewSale, Seller, StockCell } from "./types";

/** The statement that names the sale being inserted in the same batch (its id is not known yet). */
export const saleIdOf = (companyId: number, key: string) =>
  sql<number>`(SELECT id FROM sales WHERE company_id = ${companyId} AND idempotency_key = ${key})`;

/** The sale_payments rows of a priced sale (a sale, or a sale from a transfer). */
export const paymentRowsOf = (companyId: number, saleId: ReturnType<typeof saleIdOf>, priced: PricedSale) =>
  priced.payments.map((p) => ({
    companyId,
    saleId,
    paymentType: p.paymentType,
    amount: p.amountCentavos,
    reference: p.reference,
    cashReceived: p.cashReceivedCentavos,
  }));

/** A D1 constraint failure, of one kind (and naming `detail`) or, without a kind, of any kind. */
export function isConstraint(err: unknown, kind?: "CHECK" | "UNIQUE", detail = ""): boolean {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : "";
  return text.includes(kind ? `${kind} constraint failed` : "constraint failed") && text.includes(detail);
}

/**
 * The row an insert returns, where a UNIQUE index refuses a second one (an open count, an open till, a
 * registered document): that refusal becomes `refusal()`'s error; any other failure is thrown as it is.
 */
export async function insertedOrRefused<T>(
  insert: Promise<T[]>,
  refusal: () => Error | Promise<Error>,
  what: string,
): Promise<T> {
  let rows: T[];
  try {
    rows = await insert;
  } catch (err) {
    if (isConstraint(err, "UNIQUE")) throw await refusal();
    throw err;
  }
  const [row] = rows;
  if (!row) throw new Error(`${what} not inserted`);
  return row;
}

/** What a sale line copies from its product: known values, or SQL that looks them up in the same batch. */
export interface LineFacts {
  productId: number | SQL<number>;
  brand: string | SQL<string>;
  model: string | SQL<string>;
  color: string | null | SQL<string | null>;
  /** the catalogue price (centavos) the line is checked against */
  cataloguePrice: number | SQL<number>;
  /** the product's cost price when sold, for the gross margin */
  unitCost: number | null | SQL<number | null>;
  /** the product's IVA class when sold */
  taxClass: TaxClass | SQL<TaxClass>;
}

/**
 * The active product of a reference, read by each statement that needs it. A missing or inactive
 * product gives NULL, and the NOT NULL columns (the cell's and the ledger's product, the item's
 * brand) then fail the whole batch.
 */
export function factsLookedUp(companyId: number, ref: string): LineFacts {
  const column = (name: "id" | "brand" | "model" | "color" | "unit_price" | "cost_price" | "tax_class") =>
    sql`(SELECT ${sql.identifier(name)} FROM products WHERE company_id = ${companyId} AND reference_code = ${ref} AND is_active = 1)`;
  return {
    productId: column("id") as SQL<number>,
    brand: column("brand") as SQL<string>,
    model: column("model") as SQL<string>,
    color: column("color") as SQL<string | null>,
    cataloguePrice: column("unit_price") as SQL<number>,
    unitCost: column("cost_price") as SQL<number | null>,
    taxClass: column("tax_class") as SQL<TaxClass>,
  };
}

/** A line's tax columns: computed here when its class is known, in the batch when it is looked up. */
export function lineTaxColumns(netCentavos: number, taxClass: TaxClass | SQL<TaxClass>) {
  if (typeof taxClass !== "string") return { netAmount: netCentavos, taxClass, ...lineTaxSql(netCentavos, taxClass) };
  const rate = TAX_RATE_BP[taxClass];
  const { base, tax } = lineTax(netCentavos, rate);
  return { netAmount: netCentavos, taxClass, taxRate: rate, taxBase: base, taxAmount: tax };
}

// Most values bound per inserted row (each lookup subquery binds two: the sale id, and the product's
// id, brand, model, color, price, cost and tax class when they are looked up; the IVA's rate, base and
// amount repeat the class and the net); a unit test holds them to drizzle's SQL.
export const SALE_ITEM_PARAMS = 38;
export const SALE_PAYMENT_PARAMS = 7;

/**
 * The write batch of a sale: its DIAN number taken, the sale row, its item and payment inserts (in that
 * order, first, with RETURNING; `saleInsert` is the sale row's index), then stock, discount use and rollups. `saleDate` (ISO) dates a sale made earlier (see
 * sale-date.ts): its rollups go to that Bogotá day, and a guard fails the batch when a till of the
 * location closed at or after that date (or opened after it) since it was chosen.
 */
export function saleStatements(
  db: Db,
  seller: Seller,
  input: NewSale,
  priced: PricedSale,
  factsOf: (ref: string) => LineFacts,
  cells: StockCell[],
  saleDate?: string,
) {
  const saleId = saleIdOf(seller.companyId, input.idempotencyKey);
  const now = new Date();
  const dated = saleDate ?? now.toISOString();
  const insertSale = db.insert(sales).values({
    companyId: seller.companyId,
    sellerId: seller.id,
    locationId: seller.locationId,
    saleDate: dated,
    subtotalAmount: priced.subtotalCentavos,
    discountAmount: priced.discountCentavos,
    discountRequestId: input.discountRequestId,
    totalAmount: priced.totalCentavos,
    receiptImageKey: input.receipt?.key ?? null,
    notes: input.notes,
    requiresConfirmation: input.requiresConfirmation,
    confirmed: !input.requiresConfirmation,
    confirmedAt: input.requiresConfirmation ? null : new Date().toISOString(),
    idempotencyKey: input.idempotencyKey,
    customerId: input.customerId,
    ...takenNumber(seller.companyId, input.idempotencyKey),
  });
  // the number is taken when the sale reaches the server (an offline sale's too), in the server's day
  const numbering = takeNumberStatements(
    db,
    seller.companyId,
    seller.locationId,
    input.idempotencyKey,
    bogotaDate(now),
  );
  const nets = linesNet(
    priced.lines.map((line) => line.subtotalCentavos),
    priced.discountCentavos,
  );
  const itemRows = priced.lines.map((line, index) => {
    const facts = factsOf(line.sneaker_reference_code);
    return {
      companyId: seller.companyId,
      saleId,
      productId: facts.productId,
      sneakerReferenceCode: line.sneaker_reference_code,
      brand: facts.brand,
      model: facts.model,
      color: facts.color,
      size: line.size,
      quantity: line.quantity,
      unitPrice: line.unitPriceCentavos,
      subtotal: line.subtotalCentavos,
      cataloguePrice: facts.cataloguePrice,
      unitCost: facts.unitCost,
      priceOverrideId: line.price_override_id ?? null,
      ...lineTaxColumns(nets[index] ?? line.subtotalCentavos, facts.taxClass),
    };
  });
  const items = rowsPerStatement(itemRows, SALE_ITEM_PARAMS).map((rows) =>
    db.insert(saleItems).values(rows).returning(),
  );
  const payments = rowsPerStatement(paymentRowsOf(seller.companyId, saleId, priced), SALE_PAYMENT_PARAMS).map((rows) =>
    db.insert(salePayments).values(rows).returning(),
  );
  const stock = cells.flatMap((cell) =>
    stockChangeStatements(db, {
      companyId: seller.companyId,
      productId: cell.productId,
      locationId: seller.locationId,
      size: cell.size,
      delta: { pairs: -cell.quantity },
      reason: "sale",
      saleId,
      userId: seller.id,
    }),
  );
  const discountUse =
    input.discountRequestId === null
      ? []
      : [
          db
            .update(discountRequests)
            .set({ usedInSaleId: saleId })
            .where(
              and(eq(discountRequests.id, input.discountRequestId), eq(discountRequests.companyId, seller.companyId)),
            ),
        ];
  // each off-catalogue line uses its authorisation once; every other line must still be at the
  // catalogue's price when the batch runs (a price edited since the read fails the batch)
  const pricing = priced.lines.flatMap((line) =>
    line.price_override_id
      ? [
          db
            .update(priceOverrides)
            .set({ usedInSaleId: saleId })
            .where(
              and(
                eq(priceOverrides.id, line.price_override_id),
                eq(priceOverrides.companyId, seller.companyId),
                isNull(priceOverrides.usedInSaleId),
              ),
            ),
          requireChanged(db, "price override unused"),
        ]
      : [
          requireThat(
            db,
            "sale line at catalogue price",
            sql`${factsLookedUp(seller.companyId, line.sneaker_reference_code).cataloguePrice} = ${line.unitPriceCentavos}`,
          ),
        ],
  );
  const rollup = rollupStatements(
    db,
    {
      companyId: seller.companyId,
      saleId,
      day: bogotaDate(new Date(dated)),
      locationId: seller.locationId,
      sellerId: seller.id,
      totalAmount: priced.totalCentavos,
      lines: priced.lines.map((line) => {
        const facts = factsOf(line.sneaker_reference_code);
        return {
          referenceCode: line.sneaker_reference_code,
          brand: facts.brand,
          model: facts.model,
          quantity: line.quantity,
          subtotal: line.subtotalCentavos,
        };
      }),
      payments: priced.payments.map((p) => ({ paymentType: p.paymentType, amount: p.amountCentavos })),
    },
    1,
  );
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    ...numbering,
    insertSale.returning(),
    ...items,
    ...payments,
    ...stock,
    ...discountUse,
    ...pricing,
    ...rollup,
    posDocumentStatement(db, seller.companyId, input.idempotencyKey),
    ...alertStatements(db, seller, input.idempotencyKey, cells),
    tillGuard(db, seller.companyId, seller.locationId),
    ...(saleDate === undefined ? [] : [saleDateGuard(db, seller.companyId, seller.locationId, saleDate)]),
  ];
  return { statements, saleInsert: numbering.length, itemInserts: items.length, paymentInserts: payments.length };
}

/**
 * The alerts a sale may raise, in its own batch (issue 37, docs/alerts.md): each product it took below an
 * alert rule's minimum, its numbering range reaching 90 %, and their in-app notices. No round trip added.
 */
export function alertStatements(db: Db, seller: Seller, saleKey: string, cells: StockCell[]): BatchItem<"sqlite">[] {
  const taken = new Map<string, { productId: StockCell["productId"]; quantity: number }>();
  for (const cell of cells) {
    const seen = taken.get(cell.ref);
    taken.set(cell.ref, { productId: cell.productId, quantity: (seen?.quantity ?? 0) + cell.quantity });
  }
  return [
    ...[...taken.values()].map((p) =>
      lowStockAlertStatement(db, seller.companyId, seller.locationId, p.productId, p.quantity),
    ),
    numberingAlertStatement(db, seller.companyId, saleKey),
    ...alertNoticeStatements(db, seller.companyId),
  ];
}
