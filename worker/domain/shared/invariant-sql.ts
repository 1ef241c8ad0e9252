// What must hold after any interleaving of requests: each query lists the rows that break one
// invariant (so it should always answer nothing). Plain SQL with no imports, so node scripts (npm run
// load) run the same queries as the race suite (worker/domain/shared/invariants.ts). docs/reliability.md.
import { GOODS_LINES_SQL, KEPT_SIZE_LINES_SQL, SIZE_SUMS } from "../sales/rollup-sql";

export const INVARIANT_SQL = {
  /** Every inventory cell equals the sum of its ledger rows (pairs, left, right, exhibition). */
  "stock = suma del libro de movimientos": `
  SELECT i.company_id, i.product_id, i.location_id, i.size, i.pairs,
         COALESCE(SUM(m.delta_pairs), 0) AS ledger_pairs
  FROM inventory i
  LEFT JOIN stock_movements m
    ON m.product_id = i.product_id AND m.location_id = i.location_id AND m.size = i.size
  GROUP BY i.id
  HAVING i.pairs <> COALESCE(SUM(m.delta_pairs), 0)
      OR i.left_feet <> COALESCE(SUM(m.delta_left), 0)
      OR i.right_feet <> COALESCE(SUM(m.delta_right), 0)
      OR i.exhibition <> COALESCE(SUM(m.delta_exhibition), 0)
      OR i.damaged <> COALESCE(SUM(m.delta_damaged), 0)`,
  /** Inventory cells below zero or reserving more than they hold (the CHECKs should make it impossible). */
  "nada negativo ni sobre-reservado": `
  SELECT id, product_id, location_id, size, pairs, reserved_pairs FROM inventory
  WHERE pairs < 0 OR left_feet < 0 OR right_feet < 0 OR exhibition < 0 OR damaged < 0
     OR reserved_pairs < 0 OR reserved_left < 0 OR reserved_right < 0
     OR reserved_pairs > pairs OR reserved_left > left_feet OR reserved_right > right_feet`,
  /** A free left and a free right foot of one cell are a pair (pair_formed), never two single feet. */
  "pies sueltos libres = sin pareja en su ubicación": `
  SELECT id, product_id, location_id, size, left_feet, right_feet FROM inventory
  WHERE left_feet - reserved_left > 0 AND right_feet - reserved_right > 0`,
  /**
   * A code names one thing: a company's reference codes, barcodes and SKUs compared as the lookup reads
   * them (any letter case; a 12-digit UPC-A as its EAN-13) are held by one product, or one size of it
   * (whose barcode may equal its own SKU). worker/domain/catalogue/codes.ts.
   */
  "un código nombra una sola cosa": `
  WITH codes(company_id, code, owner) AS (
    SELECT company_id, reference_code, id || ':' FROM products
    UNION ALL
    SELECT company_id, barcode, product_id || ':' || size FROM product_variants WHERE barcode IS NOT NULL
    UNION ALL
    SELECT company_id, sku, product_id || ':' || size FROM product_variants WHERE sku IS NOT NULL)
  SELECT company_id,
         CASE WHEN length(code) = 12 AND code NOT GLOB '*[^0-9]*' THEN '0' || code ELSE lower(code) END AS code,
         COUNT(DISTINCT owner) AS holders
  FROM codes GROUP BY 1, 2 HAVING COUNT(DISTINCT owner) > 1`,
  /**
   * Each cell reserves exactly what its accepted (not yet handed over) transfers and returns hold, plus
   * the pairs of the storefront reservations still pending or confirmed there.
   */
  "reservas = transferencias aceptadas sin entregar + reservas web abiertas": `
  WITH holds AS (
    SELECT product_id, source_location_id AS location_id, size,
           CASE WHEN transfer_type = 'pair' THEN quantity ELSE 0 END AS pairs,
           CASE WHEN transfer_type = 'single_foot' AND foot_side = 'left' THEN quantity ELSE 0 END AS lefts,
           CASE WHEN transfer_type = 'single_foot' AND foot_side = 'right' THEN quantity ELSE 0 END AS rights
    FROM transfer_requests WHERE status IN ('accepted', 'courier_assigned')
    UNION ALL
    SELECT it.product_id, r.location_id, it.size, it.quantity, 0, 0
    FROM web_reservation_items it JOIN web_reservations r ON r.id = it.reservation_id
    WHERE r.status IN ('pending', 'confirmed')),
  held AS (
    SELECT product_id, location_id, size, SUM(pairs) AS pairs, SUM(lefts) AS lefts, SUM(rights) AS rights
    FROM holds GROUP BY 1, 2, 3)
  SELECT i.product_id, i.location_id, i.size, i.reserved_pairs, COALESCE(h.pairs, 0) AS held_pairs
  FROM inventory i LEFT JOIN held h
    ON h.product_id = i.product_id AND h.location_id = i.location_id AND h.size = i.size
  WHERE i.reserved_pairs <> COALESCE(h.pairs, 0) OR i.reserved_left <> COALESCE(h.lefts, 0)
     OR i.reserved_right <> COALESCE(h.rights, 0)
  UNION ALL
  SELECT h.product_id, h.location_id, h.size, NULL, h.pairs FROM held h
  WHERE NOT EXISTS (SELECT 1 FROM inventory i
                    WHERE i.product_id = h.product_id AND i.location_id = h.location_id AND i.size = h.size)`,
  /**
   * The daily rollups equal the completed sales they summarise, net of what was given back that day for
   * them (count, net amount, returns and their amount).
   */
  "resúmenes diarios = ventas que resumen": `
  WITH actual AS (
    SELECT company_id, location_id, seller_id, day, SUM(n) AS n, SUM(total) AS total,
           SUM(returns) AS returns, SUM(returned) AS returned
    FROM (
      SELECT company_id, location_id, seller_id, date(datetime(sale_date, '-5 hours')) AS day,
             1 AS n, total_amount AS total, 0 AS returns, 0 AS returned
      FROM sales WHERE status = 'completed'
      UNION ALL
      SELECT company_id, location_id, seller_id, date(datetime(created_at, '-5 hours')),
             0, -(refund_amount + credit_amount), 1, refund_amount + credit_amount
      FROM sale_returns)
    GROUP BY 1, 2, 3, 4)
  SELECT COALESCE(a.company_id, d.company_id) AS company_id, COALESCE(a.day, d.day) AS day,
         COALESCE(a.location_id, d.location_id) AS location_id, COALESCE(a.seller_id, d.seller_id) AS seller_id
  FROM actual a FULL OUTER JOIN sales_daily d
    ON d.company_id = a.company_id AND d.day = a.day AND d.location_id = a.location_id AND d.seller_id = a.seller_id
  WHERE COALESCE(a.n, 0) <> COALESCE(d.sales_count, 0) OR COALESCE(a.total, 0) <> COALESCE(d.total_amount, 0)
     OR COALESCE(a.returns, 0) <> COALESCE(d.returns_count, 0) OR COALESCE(a.returned, 0) <> COALESCE(d.returned_amount, 0)`,
  /** The daily goods rollup equals the sold and returned lines it summarises (revenues to a centavo). */
  "costo de la mercancía diario = líneas que resume": `
  WITH actual AS (
    SELECT company_id, day, location_id, SUM(cogs) AS cogs, SUM(costed) AS costed, SUM(uncosted) AS uncosted,
           SUM(uncosted_units) AS units
    FROM (${GOODS_LINES_SQL}) GROUP BY 1, 2, 3)
  SELECT COALESCE(a.company_id, d.company_id) AS company_id, COALESCE(a.day, d.day) AS day,
         COALESCE(a.location_id, d.location_id) AS location_id
  FROM actual a FULL OUTER JOIN sales_daily_goods d
    ON d.company_id = a.company_id AND d.day = a.day AND d.location_id = a.location_id
  WHERE COALESCE(a.cogs, 0) <> COALESCE(d.cogs, 0) OR COALESCE(a.units, 0) <> COALESCE(d.uncosted_units, 0)
     OR ABS(COALESCE(a.costed, 0) - COALESCE(d.costed_revenue, 0)) >= 1
     OR ABS(COALESCE(a.uncosted, 0) - COALESCE(d.uncosted_revenue, 0)) >= 1`,
  /** The size rollup equals the kept lines of the completed sales, on each sale's day (money to a centavo). */
  "ventas por talla diarias = líneas que resume": `
  WITH actual (company_id, day, location_id, product_id, size, units, net, base, costed, cost, uncosted) AS (
    ${SIZE_SUMS} FROM (${KEPT_SIZE_LINES_SQL}) GROUP BY 1, 2, 3, 4, 5)
  SELECT COALESCE(a.company_id, d.company_id) AS company_id, COALESCE(a.day, d.day) AS day,
         COALESCE(a.location_id, d.location_id) AS location_id, COALESCE(a.product_id, d.product_id) AS product_id,
         COALESCE(a.size, d.size) AS size
  FROM actual a FULL OUTER JOIN sales_daily_sizes d
    ON d.company_id = a.company_id AND d.day = a.day AND d.location_id = a.location_id
   AND d.product_id = a.product_id AND d.size = a.size
  WHERE COALESCE(a.units, 0) <> COALESCE(d.units, 0) OR COALESCE(a.cost, 0) <> COALESCE(d.cost, 0)
     OR COALESCE(a.uncosted, 0) <> COALESCE(d.uncosted_units, 0)
     OR ABS(COALESCE(a.net, 0) - COALESCE(d.net_amount, 0)) >= 1
     OR ABS(COALESCE(a.base, 0) - COALESCE(d.tax_base, 0)) >= 1
     OR ABS(COALESCE(a.costed, 0) - COALESCE(d.costed_base, 0)) >= 1`,
  /** Each sale line's returned units are exactly the units its returns took back (never more than sold). */
  "devoluciones de cada línea = lo devuelto": `
  SELECT i.id, i.quantity, i.returned_quantity, COALESCE(SUM(r.quantity), 0) AS in_returns
  FROM sale_items i LEFT JOIN sale_return_items r ON r.sale_item_id = i.id
  GROUP BY i.id
  HAVING i.returned_quantity <> COALESCE(SUM(r.quantity), 0) OR i.returned_quantity > i.quantity`,
  /** A sale's payments add up to its total. */
  "pagos de cada venta = su total": `
  SELECT s.id, s.total_amount, (SELECT COALESCE(SUM(p.amount), 0) FROM sale_payments p WHERE p.sale_id = s.id) AS paid
  FROM sales s
  WHERE s.total_amount <> (SELECT COALESCE(SUM(p.amount), 0) FROM sale_payments p WHERE p.sale_id = s.id)`,
  /**
   * A completed sale took its units out through the ledger, less the units customers brought back
   * (sellable or damaged); a rejected one put them all back.
   */
  "movimientos de cada venta = su estado": `
  WITH sold AS (SELECT sale_id, SUM(quantity) - SUM(returned_quantity) AS units FROM sale_items GROUP BY sale_id),
       moved AS (SELECT sale_id, SUM(delta_pairs) + SUM(delta_damaged) + (SUM(delta_left) + SUM(delta_right)) / 2.0 AS pairs
                 FROM stock_movements WHERE sale_id IS NOT NULL GROUP BY sale_id)
  SELECT s.id, s.status, COALESCE(sold.units, 0) AS units, COALESCE(moved.pairs, 0) AS moved
  FROM sales s LEFT JOIN sold ON sold.sale_id = s.id LEFT JOIN moved ON moved.sale_id = s.id
  WHERE COALESCE(moved.pairs, 0) <> CASE WHEN s.status = 'completed' THEN -COALESCE(sold.units, 0) ELSE 0 END`,
  /**
   * A transfer's units left its source once iff it was handed over (in transit, on its way back,
   * delivered, completed, or cancelled after the courier brought it back), came back into the source
   * exactly once iff it was brought back (cancelled once picked up), and entered its destination at most
   * once, only when completed: exactly once for a completed transfer (unless the reception reported
   * every unit short or damaged).
   */
  "movimientos de cada transferencia = su estado": `
  WITH moves AS (
    SELECT transfer_id,
           SUM(CASE WHEN reason IN ('transfer_out', 'return_out') THEN 1 ELSE 0 END) AS outs,
           SUM(CASE WHEN reason IN ('transfer_in', 'return_in') THEN 1 ELSE 0 END) AS ins,
           SUM(CASE WHEN reason = 'transfer_back' THEN 1 ELSE 0 END) AS backs
    FROM stock_movements WHERE transfer_id IS NOT NULL GROUP BY transfer_id)
  SELECT t.id, t.status, COALESCE(m.outs, 0) AS outs, COALESCE(m.ins, 0) AS ins, COALESCE(m.backs, 0) AS backs
  FROM transfer_requests t LEFT JOIN moves m ON m.transfer_id = t.id
  WHERE COALESCE(m.outs, 0) <> CASE WHEN t.status IN ('in_transit', 'returning_to_origin', 'delivered', 'completed')
                                      OR (t.status = 'cancelled' AND t.picked_up_at IS NOT NULL) THEN 1 ELSE 0 END
     OR COALESCE(m.backs, 0) <> CASE WHEN t.status = 'cancelled' AND t.picked_up_at IS NOT NULL THEN 1 ELSE 0 END
     OR COALESCE(m.ins, 0) > CASE WHEN t.status = 'completed' THEN 1 ELSE 0 END
     OR (t.request_type = 'transfer' AND t.status = 'completed' AND COALESCE(m.ins, 0) = 0
         AND t.quantity > COALESCE((SELECT SUM(d.quantity) FROM stock_discrepancies d WHERE d.transfer_id = t.id), 0))`,
  /**
   * What a transfer brought is disposed of at most once per unit: the pairs sold (a transfer of several
   * pairs may be sold in several sales) and those sent back by its one return that is not cancelled never
   * exceed what arrived sellable.
   */
  "cada transferencia se vende o se devuelve una sola vez": `
  WITH sold AS (
    SELECT s.transfer_id AS id, SUM(si.quantity) AS units FROM sales s JOIN sale_items si ON si.sale_id = s.id
    WHERE s.transfer_id IS NOT NULL AND s.status <> 'rejected' GROUP BY 1),
       back AS (
    SELECT original_transfer_id AS id, COUNT(*) AS n, SUM(quantity) AS units FROM transfer_requests
    WHERE original_transfer_id IS NOT NULL AND status <> 'cancelled' GROUP BY 1),
       damaged AS (SELECT transfer_id AS id, SUM(quantity) AS units FROM stock_discrepancies WHERE kind = 'damaged' GROUP BY 1)
  SELECT t.id, COALESCE(sold.units, 0) AS sold, COALESCE(back.units, 0) AS returned, COALESCE(back.n, 0) AS returns
  FROM transfer_requests t LEFT JOIN sold ON sold.id = t.id LEFT JOIN back ON back.id = t.id LEFT JOIN damaged d ON d.id = t.id
  WHERE (sold.id IS NOT NULL OR back.id IS NOT NULL)
    AND (COALESCE(back.n, 0) > 1
      OR COALESCE(sold.units, 0) + COALESCE(back.units, 0) > COALESCE(t.received_quantity, t.quantity) - COALESCE(d.units, 0))`,
  /**
   * No unit is lost silently: every unit a completed transfer or return sent entered its destination,
   * or is held as short or damaged (open, found or written off).
   */
  "unidades enviadas = recibidas + faltantes + dañadas": `
  WITH arrived AS (
    SELECT transfer_id, SUM(delta_pairs + delta_left + delta_right) AS units
    FROM stock_movements WHERE reason IN ('transfer_in', 'return_in') GROUP BY transfer_id),
       held AS (SELECT transfer_id, SUM(quantity) AS units FROM stock_discrepancies GROUP BY transfer_id)
  SELECT t.id, t.quantity, COALESCE(a.units, 0) AS arrived, COALESCE(h.units, 0) AS held
  FROM transfer_requests t LEFT JOIN arrived a ON a.transfer_id = t.id LEFT JOIN held h ON h.transfer_id = t.id
  WHERE t.status = 'completed' AND t.quantity <> COALESCE(a.units, 0) + COALESCE(h.units, 0)`,
} as const;

export type Invariant = keyof typeof INVARIANT_SQL;
