CREATE TABLE `sales_daily_goods` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`cogs` integer DEFAULT 0 NOT NULL,
	`costed_revenue` real DEFAULT 0 NOT NULL,
	`uncosted_revenue` real DEFAULT 0 NOT NULL,
	`uncosted_units` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_goods_uq` ON `sales_daily_goods` (`company_id`,`day`,`location_id`);--> statement-breakpoint
-- backfill: the goods of every sale and return so far (the same lines the rollups will keep)
INSERT INTO sales_daily_goods (company_id, day, location_id, cogs, costed_revenue, uncosted_revenue, uncosted_units)
SELECT company_id, day, location_id, SUM(cogs), SUM(costed), SUM(uncosted), SUM(uncosted_units)
FROM (
  SELECT s.company_id, date(datetime(s.sale_date, '-5 hours')) AS day, s.location_id, CASE WHEN i.unit_cost IS NOT NULL THEN i.quantity * i.unit_cost ELSE 0 END AS cogs,
  CASE WHEN i.unit_cost IS NOT NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS costed,
  CASE WHEN i.unit_cost IS NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS uncosted,
  CASE WHEN i.unit_cost IS NULL THEN i.quantity ELSE 0 END AS uncosted_units
  FROM sales s JOIN sale_items i ON i.sale_id = s.id WHERE s.status = 'completed'
  UNION ALL
  SELECT r.company_id, date(datetime(r.created_at, '-5 hours')), r.location_id, CASE WHEN i.unit_cost IS NOT NULL THEN -ri.quantity * i.unit_cost ELSE 0 END AS cogs,
  CASE WHEN i.unit_cost IS NOT NULL THEN -ri.amount ELSE 0 END AS costed,
  CASE WHEN i.unit_cost IS NULL THEN -ri.amount ELSE 0 END AS uncosted,
  CASE WHEN i.unit_cost IS NULL THEN -ri.quantity ELSE 0 END AS uncosted_units
  FROM sale_returns r JOIN sale_return_items ri ON ri.return_id = r.id JOIN sale_items i ON i.id = ri.sale_item_id)
GROUP BY 1, 2, 3;
