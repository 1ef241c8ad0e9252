CREATE TABLE `stock_count_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`count_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`counted_pairs` integer DEFAULT 0 NOT NULL,
	`counted_left` integer DEFAULT 0 NOT NULL,
	`counted_right` integer DEFAULT 0 NOT NULL,
	`counted_exhibition` integer DEFAULT 0 NOT NULL,
	`expected_pairs` integer DEFAULT 0 NOT NULL,
	`expected_left` integer DEFAULT 0 NOT NULL,
	`expected_right` integer DEFAULT 0 NOT NULL,
	`expected_exhibition` integer DEFAULT 0 NOT NULL,
	`counted_by` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`count_id`) REFERENCES `stock_counts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`counted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_count_lines_counted_ck" CHECK("stock_count_lines"."counted_pairs" >= 0 AND "stock_count_lines"."counted_left" >= 0 AND "stock_count_lines"."counted_right" >= 0 AND "stock_count_lines"."counted_exhibition" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_count_lines_uq` ON `stock_count_lines` (`count_id`,`product_id`,`size`);--> statement-breakpoint
CREATE TABLE `stock_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`blind` integer DEFAULT false NOT NULL,
	`filter_brand` text,
	`notes` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`posted_by` integer,
	`posted_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_counts_company_idx` ON `stock_counts` (`company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_counts_open_uq` ON `stock_counts` (`location_id`) WHERE status = 'open';