CREATE TABLE `price_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`requested_by` integer NOT NULL,
	`approved_by` integer NOT NULL,
	`catalogue_price` integer NOT NULL,
	`new_price` integer NOT NULL,
	`reason` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_in_sale_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "price_overrides_price_ck" CHECK("price_overrides"."new_price" > 0)
);
--> statement-breakpoint
CREATE INDEX `price_overrides_company_idx` ON `price_overrides` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`field` text NOT NULL,
	`old_value` integer,
	`new_value` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_price_changes_product_idx` ON `product_price_changes` (`product_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`barcode` text,
	`sku` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_size_uq` ON `product_variants` (`product_id`,`size`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_barcode_uq` ON `product_variants` (`company_id`,`barcode`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_sku_uq` ON `product_variants` (`company_id`,`sku`);--> statement-breakpoint
CREATE TABLE `stock_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref` text NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`unit_kind` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`notes` text,
	`unit_cost` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_adjustments_delta_ck" CHECK("stock_adjustments"."delta" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_adjustments_ref_unique` ON `stock_adjustments` (`ref`);--> statement-breakpoint
CREATE INDEX `stock_adjustments_company_idx` ON `stock_adjustments` (`company_id`,`created_at`);--> statement-breakpoint
-- products gains its columns in place (drizzle-kit would rebuild the table, which D1 cannot do with the
-- foreign keys that point at it); the cost check rides on the column.
ALTER TABLE `products` ADD `cost_price` integer CHECK (`cost_price` IS NULL OR `cost_price` >= 0);--> statement-breakpoint
ALTER TABLE `products` ADD `gender` text;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `catalogue_price` integer;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `unit_cost` integer;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `price_override_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_hash` text;