CREATE TABLE `sales_daily_sizes` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`net_amount` real DEFAULT 0 NOT NULL,
	`tax_base` real DEFAULT 0 NOT NULL,
	`costed_base` real DEFAULT 0 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`uncosted_units` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_sizes_uq` ON `sales_daily_sizes` (`company_id`,`day`,`location_id`,`product_id`,`size`);--> statement-breakpoint
-- Backfill from the existing lines (as ROLLUP_REBUILD_SQL rebuilds it): each completed sale's kept units on its Bogotá day.
INSERT INTO `sales_daily_sizes` (`company_id`, `day`, `location_id`, `product_id`, `size`, `units`, `net_amount`, `tax_base`, `costed_base`, `cost`, `uncosted_units`)
SELECT s.company_id, date(datetime(s.sale_date, '-5 hours')), s.location_id, i.product_id, i.size,
  SUM(i.quantity - i.returned_quantity),
  SUM(i.net_amount * (i.quantity - i.returned_quantity) * 1.0 / i.quantity),
  SUM(i.tax_base * (i.quantity - i.returned_quantity) * 1.0 / i.quantity),
  SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.tax_base * (i.quantity - i.returned_quantity) * 1.0 / i.quantity ELSE 0 END),
  SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.unit_cost * (i.quantity - i.returned_quantity) ELSE 0 END),
  SUM(CASE WHEN i.unit_cost IS NULL THEN i.quantity - i.returned_quantity ELSE 0 END)
FROM `sales` s JOIN `sale_items` i ON i.sale_id = s.id
WHERE s.status = 'completed' AND i.product_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
