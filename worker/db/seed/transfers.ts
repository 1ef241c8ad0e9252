import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { stockChangeStatements } from "../../domain/stock/ledger";
import type { Db } from "../client";
import { inventory, products, transferRequests } from "../schema";
import { DEMO_TRANSFERS } from "./activity-data";
import { minutesBefore } from "./clock";

export async function seedTransfers(
  db: Db,
  companyId: number,
  userIds: Map<string, number>,
  locationIds: Map<string, number>,
  now: Date,
) {
  const sellerId = userIds.get("vendedor@demo.horma.co");
  const keeperId = userIds.get("bodega@demo.horma.co");
  const courierId = userIds.get("corredor@demo.horma.co");
  const source = locationIds.get("Bodega Principal");
  const destination = locationIds.get("Local Centro");
  if (!sellerId || !keeperId || !courierId || !source || !destination) return;
  const productRows = await db.select().from(products).where(eq(products.companyId, companyId));
  const byRef = new Map(productRows.map((p) => [p.referenceCode, p]));
  const order = ["pending", "accepted", "courier_assigned", "in_transit", "delivered", "completed"];
  for (const seed of DEMO_TRANSFERS) {
    const product = byRef.get(seed.ref);
    if (!product) continue;
    const reached = (status: string) =>
      seed.status !== "cancelled" && order.indexOf(seed.status) >= order.indexOf(status);
    const at = (offset: number) => minutesBefore(now, seed.minutesAgo - offset);
    const single = seed.footSide !== undefined;
    const unit = single ? (seed.footSide === "left" ? { left: 1 } : { right: 1 }) : { pairs: 1 };
    const [row] = await db
      .insert(transferRequests)
      .values({
        companyId,
        requesterId: sellerId,
        sourceLocationId: source,
        destinationLocationId: destination,
        productId: product.id,
        sneakerReferenceCode: product.referenceCode,
        brand: product.brand,
        model: product.model,
        color: product.color,
        size: seed.size,
        quantity: 1,
        transferType: single ? "single_foot" : "pair",
        footSide: seed.footSide ?? null,
        inventoryType: single ? (seed.footSide === "left" ? "left_only" : "right_only") : "pair",
        purpose: seed.purpose,
        pickupType: seed.pickupType,
        priority: seed.purpose === "cliente" || single ? "high" : "normal",
        status: seed.status,
        notes: "Solicitud de demostración",
        requestedAt: at(0),
        warehouseKeeperId: reached("accepted") ? keeperId : null,
        acceptedAt: reached("accepted") ? at(3) : null,
        estimatedPreparationTime: reached("accepted") ? (seed.purpose === "cliente" ? 10 : 15) : null,
        courierId: reached("courier_assigned") ? courierId : null,
        courierAcceptedAt: reached("courier_assigned") ? at(6) : null,
        estimatedPickupTime: reached("courier_assigned") ? 15 : null,
        pickedUpAt: reached("in_transit") ? at(12) : null,
        deliveredAt: reached("delivered") ? at(30) : null,
        deliverySuccessful: reached("delivered") ? true : null,
        completedAt: reached("completed") ? at(35) : null,
        receivedQuantity: reached("completed") ? 1 : null,
        conditionOk: reached("completed") ? true : null,
        cancelledAt: seed.status === "cancelled" ? at(5) : null,
        cancelledBy: seed.status === "cancelled" ? sellerId : null,
        cancellationReason: seed.status === "cancelled" ? "Cancelada por el vendedor" : null,
      })
      .returning({ id: transferRequests.id });
    if (!row) continue;
    // Stock leaves the source at hand-over (in_transit) and enters the destination on confirmation.
    const moves: BatchItem<"sqlite">[] = [
      ...stockChangeStatements(db, {
        companyId,
        productId: product.id,
        locationId: source,
        size: seed.size,
        delta: unit,
        reason: "entry",
        entryRef: "demo-seed",
        userId: keeperId,
      }),
    ];
    if (reached("accepted") && !reached("in_transit")) {
      // Accepted and not yet handed over: the unit is reserved for this request; its 45 minutes run
      // only until a courier takes it (courier_assigned keeps the reservation with no expiry).
      if (seed.status === "accepted")
        await db
          .update(transferRequests)
          .set({ reservedUntil: minutesBefore(now, seed.minutesAgo - 3 - 45) })
          .where(eq(transferRequests.id, row.id));
      moves.push(
        db
          .update(inventory)
          .set(
            single
              ? seed.footSide === "left"
                ? { reservedLeft: sql`${inventory.reservedLeft} + 1` }
                : { reservedRight: sql`${inventory.reservedRight} + 1` }
              : { reservedPairs: sql`${inventory.reservedPairs} + 1` },
          )
          .where(
            and(eq(inventory.productId, product.id), eq(inventory.locationId, source), eq(inventory.size, seed.size)),
          ),
      );
    }
    if (reached("in_transit")) {
      const out = Object.fromEntries(Object.entries(unit).map(([k, v]) => [k, -v]));
      moves.push(
        ...stockChangeStatements(db, {
          companyId,
          productId: product.id,
          locationId: source,
          size: seed.size,
          delta: out,
          reason: "transfer_out",
          transferId: row.id,
          userId: keeperId,
        }),
      );
    }
    if (reached("completed")) {
      moves.push(
        ...stockChangeStatements(db, {
          companyId,
          productId: product.id,
          locationId: destination,
          size: seed.size,
          delta: unit,
          reason: "transfer_in",
          transferId: row.id,
          userId: sellerId,
        }),
      );
    }
    const [first, ...rest] = moves;
    if (first) await db.batch([first, ...rest]);
  }
}
