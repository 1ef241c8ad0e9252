// Plain SQL (no imports) so node scripts such as the benchmark can use it too.
const day = "date(datetime(s.sale_date, '-5 hours'))";
const returnDay = "date(datetime(r.created_at, '-5 hours'))";

/**
 * A sold line's goods (aliases s: the sale, i: the line): its units at the cost recorded on the line, and
 * its share of the sale after the discount, as revenue with or without a cost.
 */
export const SOLD_LINE_GOODS = `CASE WHEN i.unit_cost IS NOT NULL THEN i.quantity * i.unit_cost ELSE 0 END AS cogs,
  CASE WHEN i.unit_cost IS NOT NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS costed,
  CASE WHEN i.unit_cost IS NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS uncosted,
  CASE WHEN i.unit_cost IS NULL THEN i.quantity ELSE 0 END AS uncosted_units`;

/** A returned line's goods, negative (ri: the returned units, i: the sold line): at the sold line's cost. */
export const RETURNED_LINE_GOODS = `CASE WHEN i.unit_cost IS NOT NULL THEN -ri.quantity * i.unit_cost ELSE 0 END AS cogs,
  CASE WHEN i.unit_cost IS NOT NULL THEN -ri.amount ELSE 0 END AS costed,
  CASE WHEN i.unit_cost IS NULL THEN -ri.amount ELSE 0 END AS uncosted,
  CASE WHEN i.unit_cost IS NULL THEN -ri.quantity ELSE 0 END AS uncosted_units`;

/** Every goods line of every company, sold and returned, on its Bogotá day (the rebuild and the invariant). */
export const GOODS_LINES_SQL = `
  SELECT s.company_id, ${day} AS day, s.location_id, ${SOLD_LINE_GOODS}
  FROM sales s JOIN sale_items i ON i.sale_id = s.id WHERE s.status = 'completed'
  UNION ALL
  SELECT r.company_id, ${returnDay}, r.location_id, ${RETURNED_LINE_GOODS}
  FROM sale_returns r JOIN sale_return_items ri ON ri.return_id = r.id JOIN sale_items i ON i.id = ri.sale_item_id`;

/**
 * A sale line's columns for SIZE_SUMS (s: the sale, i: the line); the caller adds its signed units as u.
 * The day is always the sale's: a return nets the row of the day its units were sold.
 */
export const SIZE_LINE = `s.company_id, ${day} AS day, s.location_id, i.product_id, i.size, i.quantity, i.net_amount,
  i.tax_base, i.unit_cost`;

/** Lines of SIZE_LINE summed into the size rollup's rows, in the table's column order. */
export const SIZE_SUMS = `SELECT company_id, day, location_id, product_id, size, SUM(u),
  SUM(net_amount * u * 1.0 / quantity), SUM(tax_base * u * 1.0 / quantity),
  SUM(CASE WHEN unit_cost IS NOT NULL THEN tax_base * u * 1.0 / quantity ELSE 0 END),
  SUM(CASE WHEN unit_cost IS NOT NULL THEN unit_cost * u ELSE 0 END),
  SUM(CASE WHEN unit_cost IS NULL THEN u ELSE 0 END)`;

/** Every kept line of every completed sale (sold less returned units): what the size rollup sums. */
export const KEPT_SIZE_LINES_SQL = `SELECT ${SIZE_LINE}, i.quantity - i.returned_quantity AS u
  FROM sales s JOIN sale_items i ON i.sale_id = s.id WHERE s.status = 'completed' AND i.product_id IS NOT NULL`;

const SIZE_COLUMNS = `company_id, day, location_id, product_id, size, units, net_amount, tax_base, costed_base, cost, uncosted_units`;

/**
 * The statements that rebuild one company's rollups; ?1 is the company id. Sales count on their day;
 * returns net them on the day the customer brought the units back (for the sale's store and seller),
 * except in the size rollup, which keeps each line's units net of returns on its sale's day.
 */
export const ROLLUP_REBUILD_SQL = [
  "DELETE FROM sales_daily WHERE company_id = ?1",
  "DELETE FROM sales_daily_products WHERE company_id = ?1",
  "DELETE FROM sales_daily_payments WHERE company_id = ?1",
  "DELETE FROM sales_daily_goods WHERE company_id = ?1",
  "DELETE FROM sales_daily_sizes WHERE company_id = ?1",
  `INSERT INTO sales_daily (company_id, day, location_id, seller_id, sales_count, total_amount, returns_count, returned_amount)
     SELECT company_id, day, location_id, seller_id, SUM(n), SUM(total), SUM(returns), SUM(returned) FROM (
       SELECT s.company_id, ${day} AS day, s.location_id, s.seller_id, 1 AS n, s.total_amount AS total, 0 AS returns, 0 AS returned
       FROM sales s WHERE s.company_id = ?1 AND s.status = 'completed'
       UNION ALL
       SELECT r.company_id, ${returnDay}, r.location_id, r.seller_id, 0, -(r.refund_amount + r.credit_amount), 1, r.refund_amount + r.credit_amount
       FROM sale_returns r WHERE r.company_id = ?1)
     GROUP BY 1, 2, 3, 4`,
  `INSERT INTO sales_daily_products (company_id, day, location_id, reference_code, brand, model, units, revenue)
     SELECT company_id, day, location_id, ref, MIN(brand), MIN(model), SUM(units), SUM(revenue) FROM (
       SELECT s.company_id, ${day} AS day, s.location_id, i.sneaker_reference_code AS ref, i.brand, i.model,
              i.quantity AS units, i.subtotal AS revenue
       FROM sale_items i JOIN sales s ON s.id = i.sale_id
       WHERE s.company_id = ?1 AND s.status = 'completed'
       UNION ALL
       SELECT r.company_id, ${returnDay}, r.location_id, i.sneaker_reference_code, i.brand, i.model,
              -ri.quantity, -(ri.quantity * i.unit_price)
       FROM sale_return_items ri JOIN sale_returns r ON r.id = ri.return_id JOIN sale_items i ON i.id = ri.sale_item_id
       WHERE r.company_id = ?1)
     GROUP BY 1, 2, 3, 4`,
  `INSERT INTO sales_daily_payments (company_id, day, location_id, payment_type, payments_count, amount)
     SELECT company_id, day, location_id, payment_type, SUM(n), SUM(amount) FROM (
       SELECT s.company_id, ${day} AS day, s.location_id, p.payment_type, 1 AS n, p.amount
       FROM sale_payments p JOIN sales s ON s.id = p.sale_id
       WHERE s.company_id = ?1 AND s.status = 'completed'
       UNION ALL
       SELECT r.company_id, ${returnDay}, r.location_id, r.refund_method, 0, -r.refund_amount
       FROM sale_returns r WHERE r.company_id = ?1 AND r.refund_amount > 0
       UNION ALL
       SELECT r.company_id, ${returnDay}, r.location_id, 'nota_credito', 0, -r.credit_amount
       FROM sale_returns r WHERE r.company_id = ?1 AND r.credit_amount > 0)
     GROUP BY 1, 2, 3, 4`,
  `INSERT INTO sales_daily_goods (company_id, day, location_id, cogs, costed_revenue, uncosted_revenue, uncosted_units)
     SELECT company_id, day, location_id, SUM(cogs), SUM(costed), SUM(uncosted), SUM(uncosted_units)
     FROM (${GOODS_LINES_SQL}) WHERE company_id = ?1
     GROUP BY 1, 2, 3`,
  `INSERT INTO sales_daily_sizes (${SIZE_COLUMNS})
     ${SIZE_SUMS} FROM (${KEPT_SIZE_LINES_SQL}) WHERE company_id = ?1 GROUP BY 1, 2, 3, 4, 5`,
];
