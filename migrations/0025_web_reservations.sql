CREATE TABLE `web_reservation_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`reservation_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `web_reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "web_reservation_items_quantity_ck" CHECK("web_reservation_items"."quantity" > 0 AND "web_reservation_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `web_reservation_items_reservation_idx` ON `web_reservation_items` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservation_items_line_uq` ON `web_reservation_items` (`reservation_id`,`product_id`,`size`);--> statement-breakpoint
CREATE TABLE `web_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_email` text,
	`total_amount` integer NOT NULL,
	`held_until` text NOT NULL,
	`idempotency_key` text,
	`fingerprint` text,
	`sender_hash` text,
	`confirmed_at` text,
	`confirmed_by` integer,
	`completed_at` text,
	`completed_by` integer,
	`cancelled_at` text,
	`cancelled_by` integer,
	`cancellation_reason` text,
	`expired_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`completed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "web_reservations_total_ck" CHECK("web_reservations"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservations_code_uq` ON `web_reservations` (`company_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservations_key_uq` ON `web_reservations` (`company_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `web_reservations_location_idx` ON `web_reservations` (`company_id`,`location_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `web_reservations_held_idx` ON `web_reservations` (`status`,`held_until`);--> statement-breakpoint
CREATE INDEX `web_reservations_phone_idx` ON `web_reservations` (`company_id`,`customer_phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `web_reservations_sender_idx` ON `web_reservations` (`company_id`,`sender_hash`,`created_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `is_published` integer DEFAULT false NOT NULL;