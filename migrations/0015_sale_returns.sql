CREATE TABLE `sale_return_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`return_id` integer NOT NULL,
	`sale_item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`destination` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`return_id`) REFERENCES `sale_returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_item_id`) REFERENCES `sale_items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_return_items_qty_ck" CHECK("sale_return_items"."quantity" >= 1 AND "sale_return_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sale_return_items_return_idx` ON `sale_return_items` (`return_id`);--> statement-breakpoint
CREATE INDEX `sale_return_items_item_idx` ON `sale_return_items` (`sale_item_id`);--> statement-breakpoint
CREATE TABLE `sale_returns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sale_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`notes` text,
	`refund_amount` integer DEFAULT 0 NOT NULL,
	`refund_method` text,
	`credit_amount` integer DEFAULT 0 NOT NULL,
	`exchange_sale_id` integer,
	`approved_by` integer,
	`idempotency_key` text NOT NULL,
	`receipt_token` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exchange_sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_returns_money_ck" CHECK("sale_returns"."refund_amount" >= 0 AND "sale_returns"."credit_amount" >= 0 AND ("sale_returns"."refund_amount" = 0 OR "sale_returns"."refund_method" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `sale_returns_sale_idx` ON `sale_returns` (`sale_id`);--> statement-breakpoint
CREATE INDEX `sale_returns_company_date_idx` ON `sale_returns` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sale_returns_location_date_idx` ON `sale_returns` (`location_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `sale_returns_idempotency_uq` ON `sale_returns` (`company_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `sale_returns_receipt_token_uq` ON `sale_returns` (`receipt_token`);--> statement-breakpoint
ALTER TABLE `companies` ADD `return_window_days` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- hand-edited: drizzle-kit wanted to rebuild inventory and sale_items for their new CHECKs; a column
-- CHECK added with ADD COLUMN holds the same rule without copying either table
ALTER TABLE `inventory` ADD `damaged` integer DEFAULT 0 NOT NULL CONSTRAINT "inventory_damaged_ck" CHECK("damaged" >= 0);--> statement-breakpoint
ALTER TABLE `sale_items` ADD `returned_quantity` integer DEFAULT 0 NOT NULL CONSTRAINT "sale_items_returned_ck" CHECK("returned_quantity" >= 0 AND "returned_quantity" <= "quantity");--> statement-breakpoint
ALTER TABLE `sales_daily` ADD `returns_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_daily` ADD `returned_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `delta_damaged` integer DEFAULT 0 NOT NULL;