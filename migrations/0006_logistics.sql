CREATE TABLE `stock_discrepancies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`transfer_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`unit` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`reported_by` integer NOT NULL,
	`reported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`notes` text,
	`resolved_by` integer,
	`resolved_at` text,
	`resolution_reason` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfer_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_discrepancies_quantity_ck" CHECK("stock_discrepancies"."quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_discrepancies_transfer_kind_uq` ON `stock_discrepancies` (`transfer_id`,`kind`);--> statement-breakpoint
CREATE INDEX `stock_discrepancies_company_status_idx` ON `stock_discrepancies` (`company_id`,`status`);--> statement-breakpoint
ALTER TABLE `transfer_requests` ADD `declined_at` text;