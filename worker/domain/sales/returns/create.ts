// A customer brings back units of a sale: the units go back to the store (sellable, or apart as
// damaged), the money back or into another sale (an exchange). One D1 batch writes it all, and each
// line's update only matches the returned count read before it: two returns racing for the last unit
// cannot both pass, and a retry with the same key answers the first return.

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isGuardFailure } from "../../../db/guards";
import { saleReturns } from "../../../db/schema";
import { noNumberingText } from "../../fiscal/numbering";
import { broken, conflict, IDEMPOTENCY_KEY_TAKEN, invalid, notFound } from "../../shared/errors";
import { copText, toCentavos } from "../../shared/money";
import { cashExitStatements, coverForDrawer } from "../../till/cash-exits";
import { tillClosedText } from "../../till/rule";
import { assembleRead } from "../read";
import { unitsPerCell } from "../sale-pricing";
import { isConstraint, type LineFacts, saleStatements } from "../statements";
import type { Seller } from "../types";
import { assertReturnable, linesValued, readReturnContext } from "./context";
import { exchangeSale, shortOfStock } from "./exchange";
import { assembleReturns, oneReturn, type ReturnDto } from "./read";
import { returnStatements, writeReturn } from "./statements";
import { type NewReturn, type Product, type ReturnActor, SALE_NOT_FOUND } from "./types";

export const returnIdOf = (companyId: number, key: string) =>
  sql<number>`(SELECT id FROM sale_returns WHERE company_id = ${companyId} AND idempotency_key = ${key})`;

/** How many times a return is read and written again when its batch met a concurrent change. */
const RETURN_ATTEMPTS = 3;
const RETRY = Symbol("retry");

/** Registers a return or an exchange of a sale; a replayed key answers the first one. */
export async function createReturn(db: Db, actor: ReturnActor, input: NewReturn): Promise<ReturnDto> {
  // bounded: a write that keeps meeting a changed sale (or a key it cannot take) ends in a 409
  for (let attempt = 1; attempt <= RETURN_ATTEMPTS; attempt++) {
    const outcome = await tryCreateReturn(db, actor, input);
    if (outcome !== RETRY) return outcome;
  }
  throw conflict("La venta cambió mientras se registraba la devolución; vuelve a intentarlo");
}

/** One read and one write batch; RETRY when a concurrent change made the batch fail after the read. */
async function tryCreateReturn(db: Db, actor: ReturnActor, input: NewReturn): Promise<ReturnDto | typeof RETRY> {
  const context = await readReturnContext(db, actor, input);
  if (context.existing) {
    if (context.existing.userId !== actor.id) throw conflict(IDEMPOTENCY_KEY_TAKEN);
    return oneReturn(db, actor.companyId, context.existing.id);
  }
  const found = context.sale;
  if (!found) throw notFound(SALE_NOT_FOUND);
  const sale = found.sale;
  const approvedBy = await assertReturnable(db, actor, input, sale, found.locationName, context.windowDays);
  if (!context.tillHolds) throw conflict(tillClosedText(found.locationName));
  const lines = linesValued(input, sale, context.items);
  const worth = lines.reduce((acc, l) => acc + l.amount, 0);

  let refund: number;
  let credit = 0;
  let exchange: ReturnType<typeof exchangeSale> | null = null;
  if (input.exchange) {
    if (!context.numberingHolds) throw conflict(noNumberingText(found.locationName));
    exchange = exchangeSale(input, input.exchange, context.byRef, worth);
    credit = exchange.settled.credit;
    refund = exchange.settled.refund;
  } else {
    refund = input.refundAmount === null ? worth : toCentavos(input.refundAmount);
    if (refund > worth) {
      throw invalid(`El reembolso supera lo que se pagó por esas unidades: máximo ${copText(worth)}`);
    }
  }
  if (refund > 0 && !input.refundMethod) {
    throw invalid("Indica cómo se devuelve el dinero (efectivo, tarjeta o transferencia)");
  }
  // a cash refund is a cash exit: the drawer pays it, or an administrador's PIN covers it
  const cashOut = refund > 0 && input.refundMethod === "efectivo" ? refund : 0;
  const cover = await coverForDrawer(
    db,
    actor,
    sale.locationId,
    cashOut,
    { adminPin: input.adminPin, reason: input.authorizationReason },
    context.drawerHeld,
  );

  const statements = [
    ...cashExitStatements(db, sale.locationId, cashOut, cover),
    ...returnStatements(db, actor, input, sale, lines, { refund, credit, approvedBy }),
  ];
  if (exchange) {
    const seller: Seller = {
      id: actor.id,
      companyId: actor.companyId,
      locationId: sale.locationId,
      locationName: found.locationName,
      firstName: actor.firstName,
      lastName: actor.lastName,
    };
    const facts = (ref: string): LineFacts => {
      const p = context.byRef.get(ref) as Product;
      return {
        productId: p.id,
        brand: p.brand,
        model: p.model,
        color: p.color,
        cataloguePrice: p.unitPrice,
        unitCost: p.costPrice,
        taxClass: p.taxClass,
      };
    };
    const cells = unitsPerCell(exchange.priced.lines).map((cell) => ({
      ...cell,
      productId: context.byRef.get(cell.ref)?.id ?? 0,
    }));
    const written = saleStatements(
      db,
      seller,
      {
        items: exchange.priced.lines,
        payments: [],
        totalAmount: exchange.priced.totalCentavos / 100,
        notes: `Cambio de la venta #${sale.id}`,
        requiresConfirmation: false,
        discountRequestId: null,
        idempotencyKey: exchange.key,
        receipt: null,
        customerId: sale.customerId,
      },
      exchange.priced,
      facts,
      cells,
    );
    statements.push(
      ...written.statements,
      db
        .update(saleReturns)
        .set({
          exchangeSaleId: sql`(SELECT id FROM sales WHERE company_id = ${actor.companyId} AND idempotency_key = ${exchange.key})`,
        })
        .where(and(eq(saleReturns.companyId, actor.companyId), eq(saleReturns.idempotencyKey, input.idempotencyKey))),
    );
  }

  const mine = and(eq(saleReturns.companyId, actor.companyId), eq(saleReturns.idempotencyKey, input.idempotencyKey));
  let written: Awaited<ReturnType<typeof writeReturn>>;
  try {
    // the answer is read in the write's batch: two round trips in all (issue 34)
    written = await writeReturn(db, statements, mine as SQL, actor.companyId);
  } catch (err) {
    // another return took units of a line, or the till closed, since the read: the next read names it
    if (isGuardFailure(err)) return RETRY;
    // a concurrent call with the same key wrote first: the next read answers it
    if (isConstraint(err, "UNIQUE", "sale_returns.idempotency_key")) return RETRY;
    if (isConstraint(err, "UNIQUE", "sales.idempotency_key")) {
      throw conflict("La venta del cambio ya existe con otra clave; vuelve a intentarlo con una clave nueva");
    }
    if (isConstraint(err, "CHECK") && exchange) {
      throw conflict(await shortOfStock(db, sale.locationId, found.locationName, exchange.priced.lines));
    }
    throw err;
  }
  const [row] = assembleReturns(written[0], written[1]);
  if (!row) throw broken("La devolución no quedó registrada");
  const [exchanged] = assembleRead(written[2], written[3], written[4]);
  return { ...row, exchange_sale: exchanged ?? null };
}
