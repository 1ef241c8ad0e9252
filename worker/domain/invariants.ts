// What must hold after any interleaving of requests, as queries that list the rows breaking it (each
// should always be empty). The race suite checks them after every case, and `npm run load` at the end
// of its run; README "Reliability" lists them.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rollupMismatches } from "./sales-rollup";
import { ledgerMismatches } from "./stock";

type Row = Record<string, unknown>;

/** Inventory cells below zero or reserving more than they hold (the CHECKs should make this impossible). */
const negativeOrOverReserved = sql`
  SELECT id, product_id, location_id, size, pairs, reserved_pairs FROM inventory
  WHERE pairs < 0 OR left_feet < 0 OR right_feet < 0 OR exhibition < 0
     OR reserved_pairs < 0 OR reserved_left < 0 OR reserved_right < 0
     OR reserved_pairs > pairs OR reserved_left > left_feet OR reserved_right > right_feet`;

/** Each cell reserves exactly what its accepted (not yet handed over) transfers and returns hold. */
const reservationMismatches = sql`
  WITH held AS (
    SELECT product_id, source_location_id AS location_id, size,
           SUM(CASE WHEN transfer_type = 'pair' THEN quantity ELSE 0 END) AS pairs,
           SUM(CASE WHEN transfer_type = 'single_foot' AND foot_side = 'left' THEN quantity ELSE 0 END) AS lefts,
           SUM(CASE WHEN transfer_type = 'single_foot' AND foot_side = 'right' THEN quantity ELSE 0 END) AS rights
    FROM transfer_requests WHERE status IN ('accepted', 'courier_assigned') GROUP BY 1, 2, 3)
  SELECT i.product_id, i.location_id, i.size, i.reserved_pairs, COALESCE(h.pairs, 0) AS held_pairs
  FROM inventory i LEFT JOIN held h
    ON h.product_id = i.product_id AND h.location_id = i.location_id AND h.size = i.size
  WHERE i.reserved_pairs <> COALESCE(h.pairs, 0) OR i.reserved_left <> COALESCE(h.lefts, 0)
     OR i.reserved_right <> COALESCE(h.rights, 0)
  UNION ALL
  SELECT h.product_id, h.location_id, h.size, NULL, h.pairs FROM held h
  WHERE NOT EXISTS (SELECT 1 FROM inventory i
                    WHERE i.product_id = h.product_id AND i.location_id = h.location_id AND i.size = h.size)`;

/** A completed sale took its units out through the ledger; a rejected one put them all back. */
const saleLedgerMismatches = sql`
  WITH sold AS (SELECT sale_id, SUM(quantity) AS units FROM sale_items GROUP BY sale_id),
       moved AS (SELECT sale_id, SUM(delta_pairs) + (SUM(delta_left) + SUM(delta_right)) / 2.0 AS pairs
                 FROM stock_movements WHERE sale_id IS NOT NULL GROUP BY sale_id)
  SELECT s.id, s.status, COALESCE(sold.units, 0) AS units, COALESCE(moved.pairs, 0) AS moved
  FROM sales s LEFT JOIN sold ON sold.sale_id = s.id LEFT JOIN moved ON moved.sale_id = s.id
  WHERE COALESCE(moved.pairs, 0) <> CASE WHEN s.status = 'completed' THEN -COALESCE(sold.units, 0) ELSE 0 END`;

/**
 * A transfer's units left its source once iff it was handed over (in transit, delivered, completed),
 * and entered its destination at most once, only when completed.
 */
const transferLedgerMismatches = sql`
  WITH moves AS (
    SELECT transfer_id,
           SUM(CASE WHEN reason IN ('transfer_out', 'return_out') THEN 1 ELSE 0 END) AS outs,
           SUM(CASE WHEN reason IN ('transfer_in', 'return_in') THEN 1 ELSE 0 END) AS ins
    FROM stock_movements WHERE transfer_id IS NOT NULL GROUP BY transfer_id)
  SELECT t.id, t.status, COALESCE(m.outs, 0) AS outs, COALESCE(m.ins, 0) AS ins
  FROM transfer_requests t LEFT JOIN moves m ON m.transfer_id = t.id
  WHERE COALESCE(m.outs, 0) <> CASE WHEN t.status IN ('in_transit', 'delivered', 'completed') THEN 1 ELSE 0 END
     OR COALESCE(m.ins, 0) > CASE WHEN t.status = 'completed' THEN 1 ELSE 0 END`;

/** What a transfer brought is disposed of once: sold, or sent back by one return that is not cancelled. */
const doubleDispositions = sql`
  SELECT t.id,
         (SELECT COUNT(*) FROM sales s WHERE s.transfer_id = t.id) AS sales,
         (SELECT COUNT(*) FROM transfer_requests r
           WHERE r.original_transfer_id = t.id AND r.status <> 'cancelled') AS open_returns
  FROM transfer_requests t
  WHERE (SELECT COUNT(*) FROM sales s WHERE s.transfer_id = t.id)
      + (SELECT COUNT(*) FROM transfer_requests r
          WHERE r.original_transfer_id = t.id AND r.status <> 'cancelled') > 1`;

export const INVARIANTS = [
  "stock = suma del libro de movimientos",
  "nada negativo ni sobre-reservado",
  "reservas = transferencias aceptadas sin entregar",
  "resúmenes diarios = ventas que resumen",
  "movimientos de cada venta = su estado",
  "movimientos de cada transferencia = su estado",
  "cada transferencia se vende o se devuelve una sola vez",
] as const;

/** Every invariant with the rows that break it; all lists empty when the data is sound. */
export async function invariantViolations(db: Db): Promise<Record<(typeof INVARIANTS)[number], Row[]>> {
  const [ledger, negative, reserved, rollups, saleMoves, transferMoves, dispositions] = await Promise.all([
    ledgerMismatches(db),
    db.all<Row>(negativeOrOverReserved),
    db.all<Row>(reservationMismatches),
    rollupMismatches(db),
    db.all<Row>(saleLedgerMismatches),
    db.all<Row>(transferLedgerMismatches),
    db.all<Row>(doubleDispositions),
  ]);
  return {
    "stock = suma del libro de movimientos": ledger,
    "nada negativo ni sobre-reservado": negative,
    "reservas = transferencias aceptadas sin entregar": reserved,
    "resúmenes diarios = ventas que resumen": rollups,
    "movimientos de cada venta = su estado": saleMoves,
    "movimientos de cada transferencia = su estado": transferMoves,
    "cada transferencia se vende o se devuelve una sola vez": dispositions,
  };
}

/** Only the broken invariants, for a test's message. */
export async function brokenInvariants(db: Db) {
  const all = await invariantViolations(db);
  return Object.fromEntries(Object.entries(all).filter(([, rows]) => rows.length > 0));
}
