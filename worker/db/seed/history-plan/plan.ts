// 90 days of believable history for the demo company, planned: daily sales with weekly patterns,
// restocks through dated entries and completed transfers, a few completed returns, seller expenses and
// operating costs (paid, one overdue). Pure and deterministic (seeded PRNG, dates relative to "today"
// in Bogotá); the cells never go below zero at any instant. history.ts writes the plan.
//
// history-plan/: types, params, plan (this file), costs (the locations' monthly operating costs).

import { addDays } from "../../../domain/platform/rules";
import { bogotaDate } from "../../../domain/shared/time";
import { mulberry32 } from "../prng";
import { planCosts } from "./costs";
import {
  bogotaInstant,
  EU_SIZE_WEIGHTS,
  EXPENSES,
  HISTORY_DAYS,
  PESOS,
  pickWeighted,
  plusMinutes,
  STORE_BASE,
  WEEKDAY_FACTOR,
} from "./params";
import type {
  HistoryOptions,
  HistoryPlan,
  HistoryProduct,
  HistoryWorld,
  PlannedExpense,
  PlannedMovement,
  PlannedSale,
  PlannedTransfer,
} from "./types";

export function planHistory(world: HistoryWorld, now: Date, options: HistoryOptions): HistoryPlan {
  const days = options.days ?? HISTORY_DAYS;
  const random = mulberry32(world.companyId * 104_729 + 17);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const today = bogotaDate(now);
  const nowIso = now.toISOString();
  const stock = new Map<string, number>();
  const cellKey = (productId: number, locationId: number, size: string) => `${productId}|${locationId}|${size}`;
  const movements: PlannedMovement[] = [];
  const sales: PlannedSale[] = [];
  const transfers: PlannedTransfer[] = [];
  const expenses: PlannedExpense[] = [];
  let saleId = options.firstSaleId;
  let transferId = options.firstTransferId;
  let discountId = options.firstDiscountId;
  const move = (m: PlannedMovement) => {
    const key = cellKey(m.productId, m.locationId, m.size);
    const next = (stock.get(key) ?? 0) + m.delta;
    if (next < 0) throw new Error(`historia: stock negativo en ${key}`);
    stock.set(key, next);
    movements.push(m);
  };
  const have = (productId: number, locationId: number, size: string) =>
    stock.get(cellKey(productId, locationId, size)) ?? 0;
  // bestsellers first: the first products of the catalogue sell more
  const productWeights = world.products.map((_, i) => 1 / (1 + i * 0.12));
  const sizeOf = (p: HistoryProduct) =>
    pickWeighted(
      p.sizes,
      p.sizes.map((s) => EU_SIZE_WEIGHTS[s] ?? 5),
      random(),
    );
  const completedTransfers: PlannedTransfer[] = [];
  const returned = new Set<number>();

  for (let ago = days; ago >= 0; ago--) {
    const day = addDays(today, -ago);
    const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
    const isToday = ago === 0;
    const growth = 0.85 + (0.3 * (days - ago)) / days;
    const quiet = random() < 0.07 ? 0.35 : 1;
    const warehouseEntryAt = bogotaInstant(day, 7, int(0, 20));
    for (const [storeIndex, store] of world.stores.entries()) {
      if (store.sellerIds.length === 0) continue;
      const mean = (STORE_BASE[storeIndex % STORE_BASE.length] ?? 4) * (WEEKDAY_FACTOR[dow] ?? 1) * growth * quiet;
      const count = Math.max(0, Math.round(mean * (0.7 + 0.6 * random())));
      // opening hours 10:00–20:00, busier in the afternoon
      const times = Array.from({ length: count }, () => {
        const hour = 10 + Math.min(9, Math.floor(10 * random() ** 0.8));
        return bogotaInstant(day, hour, int(0, 59));
      })
        .filter((at) => !isToday || at < plusMinutes(nowIso, -10))
        .sort();
      let restockMinute = 0;
      for (const at of times) {
        const lineCount = random() < 0.72 ? 1 : random() < 0.75 ? 2 : 3;
        const lines: PlannedSale["lines"] = [];
        for (let l = 0; l < lineCount; l++) {
          const product = pickWeighted(world.products, productWeights, random());
          const size = sizeOf(product);
          if (lines.some((x) => x.product.id === product.id && x.size === size)) continue;
          lines.push({ product, size, quantity: random() < 0.05 ? 2 : 1 });
        }
        const id = saleId++;
        // the pairs are there before the store opens: bought from the supplier, or sent by a warehouse
        for (const line of lines) {
          const missing = line.quantity - have(line.product.id, store.id, line.size);
          if (missing <= 0) continue;
          const quantity = missing + int(0, 2);
          const warehouse = world.warehouses[int(0, world.warehouses.length - 1)];
          if (warehouse && random() < 0.3) {
            const t = restockTransfer(line.product, line.size, quantity, warehouse, store, day, restockMinute);
            restockMinute = (restockMinute + 7) % 90;
            if (have(line.product.id, warehouse.id, line.size) < quantity) {
              move({
                productId: line.product.id,
                locationId: warehouse.id,
                size: line.size,
                delta: quantity + int(1, 4),
                reason: "entry",
                saleId: null,
                transferId: null,
                userId: warehouse.keeperId,
                at: warehouseEntryAt,
              });
            }
            transfers.push(t);
            completedTransfers.push(t);
            move(stockMove(t, t.sourceId, -quantity, "transfer_out", t.keeperId, t.pickedUpAt));
            move(stockMove(t, t.destinationId, quantity, "transfer_in", t.requesterId, t.completedAt));
          } else {
            move({
              productId: line.product.id,
              locationId: store.id,
              size: line.size,
              delta: quantity,
              reason: "entry",
              saleId: null,
              transferId: null,
              userId: world.adminId,
              at: bogotaInstant(day, 8, int(0, 50)),
            });
          }
        }
        const subtotal = lines.reduce((a, l) => a + l.product.unitPrice * l.quantity, 0);
        const discounted = random() < 0.06;
        const discount = discounted
          ? Math.max(
              1_000 * PESOS,
              Math.round((subtotal * (random() < 0.6 ? 0.05 : 0.1)) / (1_000 * PESOS)) * 1_000 * PESOS,
            )
          : 0;
        const total = subtotal - discount;
        const sellerId = store.sellerIds[int(0, store.sellerIds.length - 1)] ?? 0;
        sales.push({
          id,
          storeId: store.id,
          sellerId,
          at,
          subtotal,
          discount,
          discountRequestId: discounted ? discountId++ : null,
          total,
          lines,
          payments: payments(total),
        });
        for (const line of lines) {
          move({
            productId: line.product.id,
            locationId: store.id,
            size: line.size,
            delta: -line.quantity,
            reason: "sale",
            saleId: id,
            transferId: null,
            userId: sellerId,
            at,
          });
        }
      }
      // now and then a store sends back what a transfer brought and did not sell (after closing)
      if (!isToday && random() < 0.08) {
        const original = completedTransfers.find(
          (t) =>
            t.destinationId === store.id &&
            !returned.has(t.id) &&
            t.completedAt < bogotaInstant(addDays(day, -2), 0) &&
            have(t.product.id, store.id, t.size) >= t.quantity,
        );
        if (original) {
          returned.add(original.id);
          const requestedAt = bogotaInstant(day, 19, int(0, 20));
          const r: PlannedTransfer = {
            ...timeline(requestedAt),
            id: transferId++,
            kind: "return",
            product: original.product,
            size: original.size,
            quantity: original.quantity,
            sourceId: store.id,
            destinationId: original.sourceId,
            requesterId: original.requesterId,
            keeperId: original.keeperId,
            originalTransferId: original.id,
          };
          transfers.push(r);
          move(stockMove(r, r.sourceId, -r.quantity, "return_out", r.requesterId, r.pickedUpAt));
          move(stockMove(r, r.destinationId, r.quantity, "return_in", r.keeperId, r.completedAt));
        }
      }
      if (!isToday && random() < 0.3) {
        const e = EXPENSES[int(0, EXPENSES.length - 1)];
        if (e) {
          expenses.push({
            userId: store.sellerIds[int(0, store.sellerIds.length - 1)] ?? 0,
            locationId: store.id,
            concept: e.concept,
            amount: Math.round(int(e.min, e.max) / 500) * 500 * PESOS,
            at: bogotaInstant(day, int(10, 18), int(0, 59)),
          });
        }
      }
    }
  }

  function timeline(requestedAt: string) {
    return {
      requestedAt,
      acceptedAt: plusMinutes(requestedAt, 8),
      courierAcceptedAt: plusMinutes(requestedAt, 15),
      pickedUpAt: plusMinutes(requestedAt, 30),
      deliveredAt: plusMinutes(requestedAt, 70),
      completedAt: plusMinutes(requestedAt, 80),
    };
  }

  function restockTransfer(
    product: HistoryProduct,
    size: string,
    quantity: number,
    warehouse: HistoryWorld["warehouses"][number],
    store: HistoryWorld["stores"][number],
    day: string,
    minute: number,
  ): PlannedTransfer {
    // requested at 07:30 at the latest, received before the store opens at 10:00
    return {
      ...timeline(bogotaInstant(day, 7, 30 + (minute % 30))),
      id: transferId++,
      kind: "transfer",
      product,
      size,
      quantity,
      sourceId: warehouse.id,
      destinationId: store.id,
      requesterId: store.sellerIds[0] ?? 0,
      keeperId: warehouse.keeperId,
      originalTransferId: null,
    };
  }

  function stockMove(
    t: PlannedTransfer,
    locationId: number,
    delta: number,
    reason: PlannedMovement["reason"],
    userId: number,
    at: string,
  ): PlannedMovement {
    return {
      productId: t.product.id,
      locationId,
      size: t.size,
      delta,
      reason,
      saleId: null,
      transferId: t.id,
      userId,
      at,
    };
  }

  function payments(total: number): PlannedSale["payments"] {
    const r = random();
    const card = () => `****${String(int(1000, 9999))}`;
    if (r < 0.45) return [{ type: "efectivo", amount: total, reference: null }];
    if (r < 0.82) return [{ type: "tarjeta", amount: total, reference: card() }];
    if (r < 0.94) return [{ type: "transferencia", amount: total, reference: `NEQUI-${int(100_000, 999_999)}` }];
    // split: part by card, the rest in cash
    const byCard = Math.round((total * 0.6) / (1_000 * PESOS)) * 1_000 * PESOS;
    return [
      { type: "tarjeta", amount: byCard, reference: card() },
      { type: "efectivo", amount: total - byCard, reference: null },
    ];
  }

  const cells = [...stock].map(([key, pairs]) => {
    const [productId, locationId, size] = key.split("|");
    return { productId: Number(productId), locationId: Number(locationId), size: size ?? "", pairs };
  });
  return { sales, movements, transfers, expenses, costs: planCosts(world, today), cells };
}
