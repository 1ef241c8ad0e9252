import { eq } from "drizzle-orm";
import { DEFAULT_TAX_CLASS } from "../../../shared/constants";
import { linesTaxed } from "../../domain/fiscal/tax";
import { rollupStatements } from "../../domain/sales/rollup";
import { bogotaDate } from "../../domain/shared/time";
import { stockChangeStatements } from "../../domain/stock/ledger";
import type { Db } from "../client";
import { products, saleItems, salePayments, sales } from "../schema";
import { DEMO_SALES } from "./activity-data";
import { earlierToday, minutesBefore } from "./clock";

export async function seedSales(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationOf: Map<number, number>,
  productIds: Map<string, number>,
  now: Date,
) {
  const productRows = await db.select().from(products).where(eq(products.companyId, companyId));
  const byRef = new Map(productRows.map((p) => [p.referenceCode, p]));
  for (const [index, seed] of DEMO_SALES.entries()) {
    const sellerId = userIds.get(seed.sellerEmail);
    const locationId = sellerId ? locationOf.get(sellerId) : undefined;
    if (!sellerId || !locationId) continue;
    const lines = seed.items.map((item) => ({ ...item, product: byRef.get(item.ref) }));
    if (lines.some((l) => !l.product || !productIds.has(l.ref))) continue;
    const total = lines.reduce((acc, l) => acc + (l.product?.unitPrice ?? 0) * l.quantity, 0);
    const key = `demo-sale-${index + 1}`;
    const when =
      seed.daysAgo === 0
        ? earlierToday(now, 30 + index * 17)
        : minutesBefore(now, seed.daysAgo * 24 * 60 + 30 + index * 17);
    // Make sure the sold pairs exist so the demo sale never fails on stock.
    const topUps = lines.flatMap((l) =>
      stockChangeStatements(db, {
        companyId,
        productId: l.product?.id ?? 0,
        locationId,
        size: l.size,
        delta: { pairs: l.quantity },
        reason: "entry",
        entryRef: "demo-seed",
        userId: sellerId,
      }),
    );
    const [sale] = await db
      .insert(sales)
      .values({
        companyId,
        sellerId,
        locationId,
        subtotalAmount: total,
        totalAmount: total,
        saleDate: when,
        createdAt: when,
        requiresConfirmation: seed.requiresConfirmation,
        confirmed: seed.confirmed,
        confirmedAt: seed.confirmed ? when : null,
        confirmedBy: seed.confirmed ? sellerId : null,
        idempotencyKey: key,
      })
      .onConflictDoNothing()
      .returning({ id: sales.id });
    if (!sale) continue;
    let assigned = 0;
    const payments = seed.payments.map((p, i) => {
      const amount = i === seed.payments.length - 1 ? total - assigned : Math.round((total * p.share) / 100) * 100;
      assigned += amount;
      return {
        companyId,
        saleId: sale.id,
        paymentType: p.type,
        amount,
        reference: p.reference ?? null,
        createdAt: when,
      };
    });
    const [firstTopUp, ...restTopUps] = topUps;
    if (!firstTopUp) continue;
    await db.batch([
      firstTopUp,
      ...restTopUps,
      db.insert(saleItems).values(
        lines.map((l) => ({
          ...linesTaxed(
            [
              {
                subtotal: (l.product?.unitPrice ?? 0) * l.quantity,
                taxClass: l.product?.taxClass ?? DEFAULT_TAX_CLASS,
              },
            ],
            0,
          )[0],
          companyId,
          saleId: sale.id,
          productId: l.product?.id ?? null,
          sneakerReferenceCode: l.ref,
          brand: l.product?.brand ?? "",
          model: l.product?.model ?? "",
          color: l.product?.color ?? null,
          size: l.size,
          quantity: l.quantity,
          unitPrice: l.product?.unitPrice ?? 0,
          subtotal: (l.product?.unitPrice ?? 0) * l.quantity,
        })),
      ),
      db.insert(salePayments).values(payments),
      ...rollupStatements(
        db,
        {
          companyId,
          saleId: sale.id,
          day: bogotaDate(new Date(when)),
          locationId,
          sellerId,
          totalAmount: total,
          lines: lines.map((l) => ({
            referenceCode: l.ref,
            brand: l.product?.brand ?? "",
            model: l.product?.model ?? "",
            quantity: l.quantity,
            subtotal: (l.product?.unitPrice ?? 0) * l.quantity,
          })),
          payments: payments.map((p) => ({ paymentType: p.paymentType, amount: p.amount })),
        },
        1,
      ),
      ...lines.flatMap((l) =>
        stockChangeStatements(db, {
          companyId,
          productId: l.product?.id ?? 0,
          locationId,
          size: l.size,
          delta: { pairs: -l.quantity },
          reason: "sale",
          saleId: sale.id,
          userId: sellerId,
        }),
      ),
    ]);
  }
}
