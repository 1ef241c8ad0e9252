CREATE TABLE `sales_daily` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`sales_count` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_uq` ON `sales_daily` (`company_id`,`day`,`location_id`,`seller_id`);--> statement-breakpoint
CREATE TABLE `sales_daily_payments` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`payment_type` text NOT NULL,
	`payments_count` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_payments_uq` ON `sales_daily_payments` (`company_id`,`day`,`location_id`,`payment_type`);--> statement-breakpoint
CREATE TABLE `sales_daily_products` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`reference_code` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_products_uq` ON `sales_daily_products` (`company_id`,`day`,`location_id`,`reference_code`);