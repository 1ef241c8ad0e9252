// Plain SQL (no imports) so node scripts such as the benchmark can use it too.
const day = "date(datetime(s.sale_date, '-5 hours'))";

/** The statements that rebuild one company's rollups; ?1 is the company id. */
export const ROLLUP_REBUILD_SQL = [
  "DELETE FROM sales_daily WHERE company_id = ?1",
  "DELETE FROM sales_daily_products WHERE company_id = ?1",
  "DELETE FROM sales_daily_payments WHERE company_id = ?1",
  `INSERT INTO sales_daily (company_id, day, location_id, seller_id, sales_count, total_amount)
     SELECT s.company_id, ${day}, s.location_id, s.seller_id, COUNT(*), SUM(s.total_amount)
     FROM sales s WHERE s.company_id = ?1 AND s.status = 'completed' GROUP BY 1, 2, 3, 4`,
  `INSERT INTO sales_daily_products (company_id, day, location_id, reference_code, brand, model, units, revenue)
     SELECT s.company_id, ${day}, s.location_id, i.sneaker_reference_code, MIN(i.brand), MIN(i.model), SUM(i.quantity), SUM(i.subtotal)
     FROM sale_items i JOIN sales s ON s.id = i.sale_id
     WHERE s.company_id = ?1 AND s.status = 'completed' GROUP BY 1, 2, 3, 4`,
  `INSERT INTO sales_daily_payments (company_id, day, location_id, payment_type, payments_count, amount)
     SELECT s.company_id, ${day}, s.location_id, p.payment_type, COUNT(*), SUM(p.amount)
     FROM sale_payments p JOIN sales s ON s.id = p.sale_id
     WHERE s.company_id = ?1 AND s.status = 'completed' GROUP BY 1, 2, 3, 4`,
];
