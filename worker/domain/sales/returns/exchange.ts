// A sale return's exchange: the new sale paid with the credit first, and the store's stock for it.

import { and, eq } from "drizzle-orm";
import { productRefusal } from "../../../../shared/messages";
import type { Db } from "../../../db/client";
import { inventory, products } from "../../../db/schema";
import { invalid } from "../../shared/errors";
import { derivedKey } from "../../shared/idempotency";
import { copText, toCentavos } from "../../shared/money";
import { type PaymentInput, priceSale, unitsPerCell } from "../sale-pricing";
import type { ExchangeRequest, NewReturn, Product } from "./types";
import { exchangeSettlement } from "./value";

/** The exchange's new sale, priced from the catalogue and paid with the credit first. */
export function exchangeSale(
  input: NewReturn,
  exchange: ExchangeRequest,
  byRef: ReadonlyMap<string, Product>,
  creditCentavos: number,
) {
  if (exchange.items.length === 0) throw invalid("Elige lo que el cliente se lleva a cambio");
  const lines = exchange.items.map((item) => {
    const product = byRef.get(item.sneaker_reference_code.trim());
    const refused = productRefusal(product, item.sneaker_reference_code);
    if (refused || !product) throw invalid(refused ?? "");
    return { ...item, sneaker_reference_code: product.referenceCode, unit_price: product.unitPrice / 100 };
  });
  const newTotal = lines.reduce((acc, l) => acc + toCentavos(l.unit_price) * l.quantity, 0);
  const settled = exchangeSettlement(creditCentavos, newTotal);
  const paid = exchange.payments.reduce((acc, p) => acc + toCentavos(p.amount), 0);
  if (paid !== settled.toPay) {
    throw invalid(
      settled.toPay === 0
        ? "El cambio no lleva pagos: el saldo a favor cubre los productos nuevos"
        : `El cliente debe pagar ${copText(settled.toPay)} de diferencia (los pagos suman ${copText(paid)})`,
    );
  }
  const payments: PaymentInput[] = [
    ...(settled.credit > 0 ? [{ payment_type: "nota_credito" as const, amount: settled.credit / 100 }] : []),
    ...exchange.payments.filter((p) => toCentavos(p.amount) > 0),
  ];
  const priced = priceSale(lines, payments, newTotal / 100, 0);
  return { priced, settled, key: derivedKey("cambio", input.idempotencyKey) };
}

/** The spec's stock message for the first exchanged cell the store cannot give. */
export async function shortOfStock(
  db: Db,
  locationId: number,
  locationName: string,
  lines: { sneaker_reference_code: string; size: string; quantity: number }[],
) {
  for (const cell of unitsPerCell(lines)) {
    const [row] = await db
      .select({ pairs: inventory.pairs, reserved: inventory.reservedPairs })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(
        and(eq(inventory.locationId, locationId), eq(products.referenceCode, cell.ref), eq(inventory.size, cell.size)),
      );
    const available = row ? row.pairs - row.reserved : 0;
    if (available < cell.quantity) {
      return `Stock insuficiente para ${cell.ref} talla ${cell.size} en ${locationName}: disponibles ${Math.max(0, available)}, solicitados ${cell.quantity}`;
    }
  }
  return "No hay stock suficiente para el cambio";
}
