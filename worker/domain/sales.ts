// Sales: creation (stock out + ledger + sale rows in one D1 batch), confirmation and rejection
// (rejection puts the stock back through the ledger), and the day's lists and summary.
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../db/guards";
import { rowsPerStatement } from "../db/limits";
import {
  discountRequests,
  inventory,
  locations,
  products,
  saleItems,
  salePayments,
  sales,
  transferRequests,
  users,
} from "../db/schema";
import { ApiError, conflict, IDEMPOTENCY_KEY_TAKEN, notFound } from "../lib/errors";
import { NOTHING_SELLABLE, sellableUnitsOf } from "./discrepancies";
import { toPesos } from "./money";
import { type PaymentInput, type PricedSale, priceSale, type SaleLineInput, unitsPerCell } from "./sale-pricing";
import { rollupStatements } from "./sales-rollup";
import { stockChangeStatements } from "./stock";
import { bogotaDate, bogotaDayRange } from "./time";

export interface Seller {
  id: number;
  companyId: number;
  locationId: number;
  locationName: string;
  firstName: string;
  lastName: string;
}

export interface NewSale {
  items: SaleLineInput[];
  payments: PaymentInput[];
  totalAmount: number;
  notes: string | null;
  requiresConfirmation: boolean;
  discountRequestId: number | null;
  idempotencyKey: string;
  receipt: { key: string; contentType: string } | null;
}

/** The statement that names the sale being inserted in the same batch (its id is not known yet). */
const saleIdOf = (companyId: number, key: string) =>
  sql<number>`(SELECT id FROM sales WHERE company_id = ${companyId} AND idempotency_key = ${key})`;

type Product = typeof products.$inferSelect;
type StockCell = { ref: string; size: string; quantity: number; productId: number | SQL<number> };

/**
 * Everything a sale needs to know, read in ONE D1 round trip: an earlier sale with the same
 * idempotency key, the products named, their cells at the seller's location, the location's name
 * and the discount request.
 */
async function readSaleContext(db: Db, seller: Seller, refs: string[], key: string, discountRequestId: number | null) {
  const discountRead = db
    .select()
    .from(discountRequests)
    .where(and(eq(discountRequests.companyId, seller.companyId), eq(discountRequests.id, discountRequestId ?? 0)))
    .limit(1);
  const [existing, catalogue, cells, place, ...discount] = await db.batch([
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
    ...(discountRequestId === null ? [] : [discountRead]),
  ]);
  return {
    existing: existing[0] ?? null,
    byRef: new Map(catalogue.map((p) => [p.referenceCode, p])),
    cells,
    placeName: place[0]?.name ?? `ubicación ${seller.locationId}`,
    discount: (discount[0]?.[0] as typeof discountRequests.$inferSelect | undefined) ?? null,
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

/** A D1 constraint failure, of one kind (and naming `detail`) or, without a kind, of any kind. */
function isConstraint(err: unknown, kind?: "CHECK" | "UNIQUE", detail = ""): boolean {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : "";
  return text.includes(kind ? `${kind} constraint failed` : "constraint failed") && text.includes(detail);
}

/** What a sale line copies from its product: known values, or SQL that looks them up in the same batch. */
export interface LineFacts {
  productId: number | SQL<number>;
  brand: string | SQL<string>;
  model: string | SQL<string>;
  color: string | null | SQL<string | null>;
}

/**
 * The active product of a reference, read by each statement that needs it. A missing or inactive
 * product gives NULL, and the NOT NULL columns (the cell's and the ledger's product, the item's
 * brand) then fail the whole batch.
 */
export function factsLookedUp(companyId: number, ref: string): LineFacts {
  const column = (name: "id" | "brand" | "model" | "color") =>
    sql`(SELECT ${sql.identifier(name)} FROM products WHERE company_id = ${companyId} AND reference_code = ${ref} AND is_active = 1)`;
  return {
    productId: column("id") as SQL<number>,
    brand: column("brand") as SQL<string>,
    model: column("model") as SQL<string>,
    color: column("color") as SQL<string | null>,
  };
}

function factsKnown(product: Product): LineFacts {
  return { productId: product.id, brand: product.brand, model: product.model, color: product.color };
}

/**
 * Registers a sale of pairs from the seller's location. Without a discount it is first tried in ONE
 * D1 round trip, a write batch that looks the products up itself and lets the schema refuse what is
 * wrong: an unknown or inactive reference (NOT NULL), too few pairs (the inventory CHECK) or a
 * replay (the idempotency key's UNIQUE index). Any such refusal rolls the batch back, and the sale
 * is then made the checked way, which says exactly why or replays the first sale.
 */
export async function createSale(db: Db, seller: Seller, input: NewSale): Promise<SaleDto> {
  if (input.discountRequestId === null) {
    const priced = priceSale(input.items, input.payments, input.totalAmount, 0);
    const cells = unitsPerCell(priced.lines).map((cell) => ({
      ...cell,
      productId: factsLookedUp(seller.companyId, cell.ref).productId,
    }));
    const written = saleStatements(db, seller, input, priced, (ref) => factsLookedUp(seller.companyId, ref), cells);
    try {
      return writtenSale(seller, written, await db.batch(written.statements), seller.locationName);
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
  const refs = [...new Set(input.items.map((i) => i.sneaker_reference_code.trim()))];
  const context = await readSaleContext(db, seller, refs, input.idempotencyKey, input.discountRequestId);
  if (context.existing) return replay(db, seller, context.existing);

  const discount = discountAmount(seller, context.discount, input.discountRequestId);
  const priced = priceSale(input.items, input.payments, input.totalAmount, discount);
  const facts = new Map<string, LineFacts>();
  for (const line of priced.lines) {
    const product = context.byRef.get(line.sneaker_reference_code);
    if (!product?.isActive) {
      throw new ApiError(422, `El producto con referencia ${line.sneaker_reference_code} no existe en el catálogo`);
    }
    facts.set(line.sneaker_reference_code, factsKnown(product));
  }
  const cells = unitsPerCell(priced.lines).map((cell) => ({
    ...cell,
    productId: context.byRef.get(cell.ref)?.id ?? 0,
  }));
  assertStock(cells, context.cells, context.placeName);

  const written = saleStatements(db, seller, input, priced, (ref) => facts.get(ref) as LineFacts, cells);
  try {
    return writtenSale(seller, written, await db.batch(written.statements), context.placeName);
  } catch (err) {
    if (isConstraint(err, "UNIQUE", "idempotency_key")) {
      const existing = await saleByKey(db, seller.companyId, input.idempotencyKey);
      if (existing) return replay(db, seller, existing);
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

/** The answer of a written sale, from the RETURNING rows of its inserts. */
function writtenSale(
  seller: Seller,
  written: ReturnType<typeof saleStatements>,
  results: unknown[],
  locationName: string,
): SaleDto {
  const [saleRow] = results[0] as SaleRow["sale"][];
  if (!saleRow) throw new Error("sale not returned by its insert");
  const returned = (from: number, count: number) => (results.slice(from, from + count) as unknown[][]).flat();
  const items = returned(1, written.itemInserts) as ItemRow["item"][];
  const payments = returned(1 + written.itemInserts, written.paymentInserts) as PaymentRow["payment"][];
  const [sale] = assembleSales(
    [{ sale: saleRow, firstName: seller.firstName, lastName: seller.lastName, locationName }],
    items.map((item) => ({ item })),
    payments.map((payment) => ({ payment })),
  );
  if (!sale) throw new Error("sale not assembled");
  return sale;
}

// Most values bound per inserted row (each lookup subquery binds two: the sale id, and the product's
// id, brand, model and color when they are looked up); a unit test holds them to drizzle's SQL.
export const SALE_ITEM_PARAMS = 16;
export const SALE_PAYMENT_PARAMS = 6;

/**
 * The write batch of a sale: the sale row, its item and payment inserts (in that order, first, with
 * RETURNING), then stock, discount use and rollups.
 */
export function saleStatements(
  db: Db,
  seller: Seller,
  input: NewSale,
  priced: PricedSale,
  factsOf: (ref: string) => LineFacts,
  cells: StockCell[],
) {
  const saleId = saleIdOf(seller.companyId, input.idempotencyKey);
  const now = new Date();
  const insertSale = db.insert(sales).values({
    companyId: seller.companyId,
    sellerId: seller.id,
    locationId: seller.locationId,
    saleDate: now.toISOString(),
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
  });
  const itemRows = priced.lines.map((line) => {
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
    };
  });
  const items = rowsPerStatement(itemRows, SALE_ITEM_PARAMS).map((rows) =>
    db.insert(saleItems).values(rows).returning(),
  );
  const paymentRows = priced.payments.map((p) => ({
    companyId: seller.companyId,
    saleId,
    paymentType: p.paymentType,
    amount: p.amountCentavos,
    reference: p.reference,
  }));
  const payments = rowsPerStatement(paymentRows, SALE_PAYMENT_PARAMS).map((rows) =>
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
  const rollup = rollupStatements(
    db,
    {
      companyId: seller.companyId,
      day: bogotaDate(now),
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
    insertSale.returning(),
    ...items,
    ...payments,
    ...stock,
    ...discountUse,
    ...rollup,
  ];
  return { statements, itemInserts: items.length, paymentInserts: payments.length };
}

async function saleByKey(db: Db, companyId: number, key: string) {
  const [row] = await db
    .select({ id: sales.id, sellerId: sales.sellerId })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** A retry answers the first sale, but only to the seller who made it: a colleague's key is refused. */
function replay(db: Db, seller: Seller, existing: { id: number; sellerId: number | null }) {
  if (existing.sellerId !== seller.id) throw conflict(IDEMPOTENCY_KEY_TAKEN);
  return oneSale(db, seller.companyId, existing.id);
}

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
  const priced = priceSale(
    [{ sneaker_reference_code: transfer.sneakerReferenceCode, size: transfer.size, quantity, unit_price: unitPrice }],
    input.payments,
    input.totalAmount,
  );
  const saleId = saleIdOf(seller.companyId, input.idempotencyKey);
  const delta = singleFoot ? { left: -1, right: -1 } : { pairs: -quantity };
  const now = new Date();
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    // What the checks above read must still hold when the batch writes: the pair may not have been
    // sent back meanwhile (a return of this transfer that is not cancelled).
    requireThat(db, "transfer_not_returned", transferStillSellable(seller, transfer.id)),
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
    }),
    ...rowsPerStatement(
      priced.payments.map((p) => ({
        companyId: seller.companyId,
        saleId,
        paymentType: p.paymentType,
        amount: p.amountCentavos,
        reference: p.reference,
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
    if (isGuardFailure(err)) throw conflict(TRANSFER_RETURNED);
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

// ---------------------------------------------------------------- reading

/** The three reads of a sales list (rows, their items, their payments) for one batch; no IN lists,
 * since D1 caps bound parameters at 100. */
function saleReadStatements(db: Db, where: SQL) {
  return [
    db
      .select({ sale: sales, firstName: users.firstName, lastName: users.lastName, locationName: locations.name })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.sellerId))
      .innerJoin(locations, eq(locations.id, sales.locationId))
      .where(where)
      .orderBy(desc(sales.saleDate), desc(sales.id)),
    db.select({ item: saleItems }).from(saleItems).innerJoin(sales, eq(sales.id, saleItems.saleId)).where(where),
    db
      .select({ payment: salePayments })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(where),
  ] as const;
}

type SaleRow = { sale: typeof sales.$inferSelect; firstName: string; lastName: string; locationName: string };
type ItemRow = { item: typeof saleItems.$inferSelect };
type PaymentRow = { payment: typeof salePayments.$inferSelect };

export type SaleDto = ReturnType<typeof assembleSales>[number];

/** Sales with their items and payments, in the spec's field names, money in pesos. */
export async function loadSales(db: Db, where: SQL) {
  const [rows, items, payments] = await db.batch(saleReadStatements(db, where));
  return assembleSales(rows, items, payments);
}

export async function oneSale(db: Db, companyId: number, id: number): Promise<SaleDto> {
  const [sale] = await loadSales(db, and(eq(sales.companyId, companyId), eq(sales.id, id)) as SQL);
  if (!sale) throw notFound("Venta no encontrada");
  return sale;
}

function assembleSales(rows: SaleRow[], itemRows: ItemRow[], paymentRows: PaymentRow[]) {
  const itemsBySale = Map.groupBy(
    itemRows.map((r) => r.item),
    (i) => i.saleId,
  );
  const paymentsBySale = Map.groupBy(
    paymentRows.map((r) => r.payment),
    (p) => p.saleId,
  );
  return rows.map(({ sale, firstName, lastName, locationName }) => {
    const saleItemsOf = itemsBySale.get(sale.id) ?? [];
    return {
      id: sale.id,
      seller_id: sale.sellerId,
      location_id: sale.locationId,
      subtotal_amount: toPesos(sale.subtotalAmount),
      discount_amount: toPesos(sale.discountAmount),
      total_amount: toPesos(sale.totalAmount),
      receipt_image: sale.receiptImageKey ? `/api/v1/files/${sale.receiptImageKey}` : null,
      has_receipt: sale.receiptImageKey !== null,
      sale_date: sale.saleDate,
      status: sale.status,
      items_count: saleItemsOf.reduce((acc, i) => acc + i.quantity, 0),
      notes: sale.notes,
      requires_confirmation: sale.requiresConfirmation,
      confirmed: sale.confirmed,
      confirmed_at: sale.confirmedAt,
      confirmation_notes: sale.confirmationNotes,
      transfer_id: sale.transferId,
      first_name: firstName,
      last_name: lastName,
      seller_name: `${firstName} ${lastName}`,
      location_name: locationName,
      items: saleItemsOf.map((i) => ({
        id: i.id,
        sale_id: i.saleId,
        sneaker_reference_code: i.sneakerReferenceCode,
        brand: i.brand,
        model: i.model,
        color: i.color,
        size: i.size,
        quantity: i.quantity,
        unit_price: toPesos(i.unitPrice),
        subtotal: toPesos(i.subtotal),
      })),
      payment_methods: (paymentsBySale.get(sale.id) ?? []).map((p) => ({
        id: p.id,
        sale_id: p.saleId,
        payment_type: p.paymentType,
        amount: toPesos(p.amount),
        reference: p.reference,
        created_at: p.createdAt,
      })),
    };
  });
}

/** Sales of one Bogotá day, of one seller or (null) of the whole company. */
export function salesOfDay(db: Db, companyId: number, sellerId: number | null, day = bogotaDate()) {
  const { start, end } = bogotaDayRange(day);
  return loadSales(
    db,
    and(
      eq(sales.companyId, companyId),
      sellerId === null ? undefined : eq(sales.sellerId, sellerId),
      gte(sales.saleDate, start),
      lt(sales.saleDate, end),
    ) as SQL,
  );
}

/** Rejected sales are kept for the record but count for nothing. */
export function daySummary(list: SaleDto[]) {
  const live = list.filter((s) => s.status === "completed");
  const pending = live.filter((s) => s.requires_confirmation && !s.confirmed);
  const confirmed = live.filter((s) => s.confirmed);
  const cents = (xs: SaleDto[]) => xs.reduce((acc, s) => acc + Math.round(s.total_amount * 100), 0);
  const total = cents(live);
  return {
    total_sales: live.length,
    confirmed_sales: confirmed.length,
    pending_sales: pending.length,
    rejected_sales: list.length - live.length,
    total_amount: toPesos(total),
    confirmed_amount: toPesos(cents(confirmed)),
    pending_amount: toPesos(cents(pending)),
    average_sale: live.length === 0 ? 0 : toPesos(Math.round(total / live.length)),
    confirmed_items: confirmed.reduce((acc, s) => acc + s.items_count, 0),
  };
}

/**
 * Confirms a sale that required confirmation, or rejects it: a rejection marks it rejected and
 * puts its pairs back at its location through the ledger, in one batch.
 */
export async function confirmSale(
  db: Db,
  actor: { id: number; companyId: number; role: string },
  input: { saleId: number; confirmed: boolean; notes: string | null },
) {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.companyId, actor.companyId), eq(sales.id, input.saleId)))
    .limit(1);
  if (!sale) throw notFound("Venta no encontrada");
  if (actor.role === "seller" && sale.sellerId !== actor.id) throw notFound("Venta no encontrada");
  if (sale.status !== "completed" || !sale.requiresConfirmation || sale.confirmed) {
    throw conflict("Esta venta no está pendiente de confirmación");
  }
  const now = new Date().toISOString();
  const stillPending = and(eq(sales.id, sale.id), eq(sales.confirmed, false), eq(sales.status, "completed"));
  if (input.confirmed) {
    const [updated] = await db
      .update(sales)
      .set({ confirmed: true, confirmedAt: now, confirmedBy: actor.id, confirmationNotes: input.notes })
      .where(stillPending)
      .returning({ id: sales.id });
    if (!updated) throw conflict("Esta venta no está pendiente de confirmación");
    return { confirmed: true, confirmed_at: now };
  }
  const [items, payments] = await db.batch([
    db.select().from(saleItems).where(eq(saleItems.saleId, sale.id)),
    db.select().from(salePayments).where(eq(salePayments.saleId, sale.id)),
  ]);
  // The restores and the unrolled rollups only run if this batch is the one that flips the sale: a
  // confirmation or another rejection that got there first leaves the flip matching nothing.
  const flip = db
    .update(sales)
    .set({ status: "rejected", confirmedBy: actor.id, confirmedAt: now, confirmationNotes: input.notes })
    .where(stillPending);
  const restores = unitsPerCell(
    items.map((i) => ({ sneaker_reference_code: i.sneakerReferenceCode, size: i.size, quantity: i.quantity })),
  ).flatMap((cell) => {
    const productId = items.find((i) => i.sneakerReferenceCode === cell.ref)?.productId ?? 0;
    return stockChangeStatements(db, {
      companyId: actor.companyId,
      productId,
      locationId: sale.locationId,
      size: cell.size,
      delta: { pairs: cell.quantity },
      reason: "sale_rejected",
      saleId: sale.id,
      userId: actor.id,
      notes: input.notes,
    });
  });
  try {
    const unroll = rollupStatements(
      db,
      {
        companyId: sale.companyId,
        day: bogotaDate(new Date(sale.saleDate)),
        locationId: sale.locationId,
        sellerId: sale.sellerId,
        totalAmount: sale.totalAmount,
        lines: items.map((i) => ({
          referenceCode: i.sneakerReferenceCode,
          brand: i.brand,
          model: i.model,
          quantity: i.quantity,
          subtotal: i.subtotal,
        })),
        payments: payments.map((p) => ({ paymentType: p.paymentType, amount: p.amount })),
      },
      -1,
    );
    await db.batch([flip, requireChanged(db, "sale_still_pending"), ...restores, ...unroll]);
  } catch (err) {
    if (isGuardFailure(err) || isConstraint(err, "UNIQUE", "stock_movements"))
      throw conflict("Esta venta no está pendiente de confirmación");
    throw err;
  }
  return { confirmed: false, confirmed_at: now };
}
