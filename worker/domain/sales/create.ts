// A sale of pairs from the seller's location: stock out + ledger + sale rows in one D1 batch.
import { and, eq, inArray } from "drizzle-orm";
import { productRefusal } from "../../../shared/messages";
import type { Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { customers, discountRequests, inventory, locations, priceOverrides, products, sales } from "../../db/schema";
import { noNumberingText, numberingRuleHolds } from "../fiscal/numbering";
import { conflict, invalid, notFound } from "../shared/errors";
import { toCentavos, toPesos } from "../shared/money";
import { bogotaDate } from "../shared/time";
import { tillBoundsSql, tillClosedText, tillRuleHolds } from "../till/rule";
import { type Override, offCataloguePrice, overrideProblem } from "./price-authority";
import {
  assembleSales,
  type ItemRow,
  type PaymentRow,
  replay,
  replayOfKey,
  type SaleCustomer,
  type SaleDto,
  type SaleRow,
} from "./read";
import { saleDateFor } from "./sale-date";
import { priceSale, type SaleLineInput, unitsPerCell } from "./sale-pricing";
import { factsLookedUp, isConstraint, type LineFacts, saleStatements } from "./statements";
import type { NewSale, SaleLineRequest, Seller, StockCell } from "./types";

type Product = typeof products.$inferSelect;

export const CUSTOMER_NOT_FOUND = "Cliente no encontrado";

/**
 * Everything a sale needs to know, read in ONE D1 round trip: an earlier sale with the same
 * idempotency key, the products named, their cells at the seller's location, the location's name,
 * the discount request, the customer, and the till rule and bounds (a dated sale comes after them).
 */
async function readSaleContext(
  db: Db,
  seller: Seller,
  refs: string[],
  key: string,
  discountRequestId: number | null,
  overrideIds: number[] = [],
  customerId: number | null = null,
) {
  // a customer of the company only (another company's id reads nothing, as an unknown one)
  const customerRead = db
    .select({
      id: customers.id,
      name: customers.name,
      documentType: customers.documentType,
      documentNumber: customers.documentNumber,
      nitCheckDigit: customers.nitCheckDigit,
    })
    .from(customers)
    .where(and(eq(customers.companyId, seller.companyId), eq(customers.id, customerId ?? 0)))
    .limit(1);
  const overridesRead = db
    .select()
    .from(priceOverrides)
    .where(and(eq(priceOverrides.companyId, seller.companyId), inArray(priceOverrides.id, overrideIds)));
  const discountRead = db
    .select()
    .from(discountRequests)
    .where(and(eq(discountRequests.companyId, seller.companyId), eq(discountRequests.id, discountRequestId ?? 0)))
    .limit(1);
  const [existing, catalogue, cells, place, overrides, customer, till, ...discount] = await db.batch([
    db
      .select({ id: sales.id, sellerId: sales.sellerId })
      .from(sales)
      .where(and(eq(sales.companyId, seller.companyId), eq(sales.idempotencyKey, key)))
      .limit(1),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, seller.companyId), inArray(products.referenceCode, refs))),
    db
      .select({
        ref: products.referenceCode,
        size: inventory.size,
        pairs: inventory.pairs,
        reserved: inventory.reservedPairs,
      })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(
        and(
          eq(inventory.companyId, seller.companyId),
          eq(inventory.locationId, seller.locationId),
          inArray(products.referenceCode, refs),
        ),
      ),
    db
      .select({ name: locations.name })
      .from(locations)
      .where(and(eq(locations.companyId, seller.companyId), eq(locations.id, seller.locationId)))
      .limit(1),
    overridesRead,
    customerRead,
    db
      .select({
        holds: tillRuleHolds(seller.companyId, seller.locationId),
        numbered: numberingRuleHolds(seller.companyId, seller.locationId, bogotaDate()),
        ...tillBoundsSql(seller.companyId, seller.locationId),
      })
      .from(locations)
      .limit(1),
    ...(discountRequestId === null ? [] : [discountRead]),
  ]);
  const tillRow = (
    till as { holds: number; numbered: number; lastClosedAt: string | null; openOpenedAt: string | null }[]
  )[0];
  return {
    existing: existing[0] ?? null,
    byRef: new Map(catalogue.map((p) => [p.referenceCode, p])),
    cells,
    placeName: place[0]?.name ?? `ubicación ${seller.locationId}`,
    overrides: new Map((overrides as Override[]).map((o) => [o.id, o])),
    discount: (discount[0]?.[0] as typeof discountRequests.$inferSelect | undefined) ?? null,
    customer: (customer as SaleCustomer[])[0] ?? null,
    tillOpen: Boolean(tillRow?.holds),
    numberingHolds: Boolean(tillRow?.numbered),
    tillBounds: { lastClosedAt: tillRow?.lastClosedAt ?? null, openOpenedAt: tillRow?.openOpenedAt ?? null },
  };
}

/** The spec's inventory messages ('no existe en', 'Stock insuficiente') for the first cell that falls short. */
function assertStock(
  asked: StockCell[],
  have: { ref: string; size: string; pairs: number; reserved: number }[],
  placeName: string,
) {
  for (const cell of asked) {
    const row = have.find((r) => r.ref === cell.ref && r.size === cell.size);
    if (!row) throw conflict(`La talla ${cell.size} de ${cell.ref} no existe en ${placeName}`);
    const available = row.pairs - row.reserved;
    if (available < cell.quantity) {
      throw conflict(
        `Stock insuficiente para ${cell.ref} talla ${cell.size} en ${placeName}: disponibles ${Math.max(0, available)}, solicitados ${cell.quantity}`,
      );
    }
  }
}

function discountAmount(
  seller: Seller,
  discount: typeof discountRequests.$inferSelect | null,
  requestedId: number | null,
) {
  if (requestedId === null) return 0;
  if (!discount || discount.sellerId !== seller.id) throw notFound("Solicitud de descuento no encontrada");
  if (discount.status !== "approved") throw conflict("El descuento no ha sido aprobado por un administrador");
  if (discount.usedInSaleId !== null) throw conflict("El descuento ya fue usado en otra venta");
  return discount.amount;
}

function factsKnown(product: Product): LineFacts {
  return {
    productId: product.id,
    brand: product.brand,
    model: product.model,
    color: product.color,
    cataloguePrice: product.unitPrice,
    unitCost: product.costPrice,
    taxClass: product.taxClass,
  };
}

/**
 * Prices each line from the catalogue (design: the server prices every sale): a line without a price
 * takes the catalogue's; a line at another price needs an administrador's authorisation for it.
 */
function linesPriced(
  seller: Seller,
  lines: readonly SaleLineRequest[],
  byRef: ReadonlyMap<string, Product>,
  overrides: ReadonlyMap<number, Override>,
): SaleLineInput[] {
  const now = new Date();
  return lines.map((line) => {
    const product = byRef.get(line.sneaker_reference_code);
    const refused = productRefusal(product, line.sneaker_reference_code);
    if (refused || !product) throw invalid(refused ?? "");
    const unitPrice = line.unit_price ?? toPesos(product.unitPrice);
    const unitPriceCentavos = toCentavos(unitPrice);
    if (line.price_override_id) {
      const problem = overrideProblem(
        overrides.get(line.price_override_id),
        { sellerId: seller.id, productId: product.id, ref: line.sneaker_reference_code, unitPriceCentavos },
        now,
      );
      if (problem) throw problem;
    } else if (unitPriceCentavos !== product.unitPrice) {
      throw offCataloguePrice(line.sneaker_reference_code, product.unitPrice);
    }
    return { ...line, unit_price: unitPrice };
  });
}

/**
 * Registers a sale of pairs from the seller's location. Without a discount it is first tried in ONE
 * D1 round trip, a write batch that looks the products up itself and lets the schema refuse what is
 * wrong: an unknown or inactive reference (NOT NULL), too few pairs (the inventory CHECK) or a
 * replay (the idempotency key's UNIQUE index). Any such refusal rolls the batch back, and the sale
 * is then made the checked way, which says exactly why or replays the first sale.
 */
export async function createSale(db: Db, seller: Seller, input: NewSale): Promise<SaleDto> {
  const lines = input.items;
  // a sale to a customer goes the checked way, which reads the customer (company and answer) first;
  // so does a sale made earlier (sold_at), which reads the location's tills to choose its date
  if (input.discountRequestId === null && input.customerId === null && !input.soldAt && lines.every(isPlainLine)) {
    const priced = priceSale(lines, input.payments, input.totalAmount, 0);
    const cells = unitsPerCell(priced.lines).map((cell) => ({
      ...cell,
      productId: factsLookedUp(seller.companyId, cell.ref).productId,
    }));
    const written = saleStatements(db, seller, input, priced, (ref) => factsLookedUp(seller.companyId, ref), cells);
    try {
      return writtenSale(seller, written, await db.batch(written.statements), seller.locationName, null);
    } catch (err) {
      if (!isConstraint(err)) throw err;
    }
  }
  return createSaleChecked(db, seller, input);
}

/**
 * The checked way, in two D1 round trips: one read batch (replay, products, stock, place, discount)
 * that names the exact problem, then the write batch. A cell that another sale emptied in between
 * still fails its CHECK, and nothing is written.
 */
async function createSaleChecked(db: Db, seller: Seller, input: NewSale): Promise<SaleDto> {
  // bounded: the last attempt that meets a changed price or till answers a 409 instead of a RETRY
  for (let attempt = 1; attempt < SALE_ATTEMPTS; attempt++) {
    const outcome = await tryCreateSaleChecked(db, seller, input, false);
    if (outcome !== RETRY) return outcome;
  }
  return (await tryCreateSaleChecked(db, seller, input, true)) as SaleDto;
}

/** How many times a sale is read and written again when a guard of its batch did not hold. */
const SALE_ATTEMPTS = 3;
const RETRY = Symbol("retry");

async function tryCreateSaleChecked(
  db: Db,
  seller: Seller,
  input: NewSale,
  lastAttempt: boolean,
): Promise<SaleDto | typeof RETRY> {
  const refs = [...new Set(input.items.map((i) => i.sneaker_reference_code.trim()))];
  const overrideIds = input.items.flatMap((i) => (i.price_override_id ? [i.price_override_id] : []));
  const context = await readSaleContext(
    db,
    seller,
    refs,
    input.idempotencyKey,
    input.discountRequestId,
    overrideIds,
    input.customerId,
  );
  if (context.existing) return replay(db, seller, context.existing);
  // a sale made earlier: its date within bounds, after the location's tills as read (held in the batch)
  let saleDate: string | undefined;
  if (input.soldAt) {
    const choice = saleDateFor(input.soldAt, new Date(), context.tillBounds);
    if (!choice.ok) throw invalid(choice.detail);
    saleDate = choice.saleDate;
  }
  if (!context.tillOpen) throw conflict(tillClosedText(context.placeName));
  if (!context.numberingHolds) throw conflict(noNumberingText(context.placeName));
  // customers are never deleted, so the one read here is still there when the batch runs
  if (input.customerId !== null && !context.customer) throw notFound(CUSTOMER_NOT_FOUND);

  const discount = discountAmount(seller, context.discount, input.discountRequestId);
  const lines = linesPriced(seller, input.items, context.byRef, context.overrides);
  const priced = priceSale(lines, input.payments, input.totalAmount, discount);
  const facts = new Map<string, LineFacts>();
  for (const line of priced.lines) {
    const product = context.byRef.get(line.sneaker_reference_code);
    if (product) facts.set(line.sneaker_reference_code, factsKnown(product));
  }
  const cells = unitsPerCell(priced.lines).map((cell) => ({
    ...cell,
    productId: context.byRef.get(cell.ref)?.id ?? 0,
  }));
  assertStock(cells, context.cells, context.placeName);

  const written = saleStatements(db, seller, input, priced, (ref) => facts.get(ref) as LineFacts, cells, saleDate);
  try {
    return writtenSale(seller, written, await db.batch(written.statements), context.placeName, context.customer);
  } catch (err) {
    if (isGuardFailure(err)) {
      // a price edited, an authorisation used or the till closed since the read: the read names it (and
      // dates a sale made earlier after the till closed meanwhile)
      if (!lastAttempt) return RETRY;
      throw conflict(
        saleDate === undefined
          ? "El precio cambió mientras se registraba la venta; vuelve a intentarlo"
          : "La caja del local o un precio cambió mientras se registraba la venta; vuelve a intentarlo",
      );
    }
    if (isConstraint(err, "UNIQUE", "idempotency_key")) {
      const replayed = await replayOfKey(db, seller, input.idempotencyKey);
      if (replayed) return replayed;
    }
    if (isConstraint(err, "UNIQUE", "discount_request_id")) throw conflict("El descuento ya fue usado en otra venta");
    if (isConstraint(err, "CHECK")) {
      // Another sale took the stock between the read and the write: report it as the check would.
      const fresh = await readSaleContext(db, seller, refs, input.idempotencyKey, null);
      assertStock(cells, fresh.cells, fresh.placeName);
    }
    throw err;
  }
}

/** A line the one-round-trip path can take: priced by the seller at (presumably) the catalogue's price. */
function isPlainLine(line: SaleLineRequest): line is SaleLineInput {
  return line.unit_price !== undefined && !line.price_override_id;
}

/** The answer of a written sale, from the RETURNING rows of its inserts. */
function writtenSale(
  seller: Seller,
  written: ReturnType<typeof saleStatements>,
  results: unknown[],
  locationName: string,
  customer: SaleCustomer | null,
): SaleDto {
  const first = written.saleInsert;
  const [saleRow] = results[first] as SaleRow["sale"][];
  if (!saleRow) throw new Error("sale not returned by its insert");
  const returned = (from: number, count: number) => (results.slice(from, from + count) as unknown[][]).flat();
  const items = returned(first + 1, written.itemInserts) as ItemRow["item"][];
  const payments = returned(first + 1 + written.itemInserts, written.paymentInserts) as PaymentRow["payment"][];
  const [sale] = assembleSales(
    [{ sale: saleRow, firstName: seller.firstName, lastName: seller.lastName, locationName, customer }],
    items.map((item) => ({ item })),
    payments.map((payment) => ({ payment })),
  );
  if (!sale) throw new Error("sale not assembled");
  return sale;
}
