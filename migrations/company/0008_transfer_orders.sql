CREATE TABLE `transfer_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`requester_id` integer NOT NULL,
	`source_location_id` integer NOT NULL,
	`destination_location_id` integer NOT NULL,
	`pickup_type` text DEFAULT 'corredor' NOT NULL,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transfer_orders_source_idx` ON `transfer_orders` (`company_id`,`source_location_id`);--> statement-breakpoint
CREATE INDEX `transfer_orders_destination_idx` ON `transfer_orders` (`company_id`,`destination_location_id`);--> statement-breakpoint
ALTER TABLE `transfer_requests` ADD `order_id` integer;--> statement-breakpoint
ALTER TABLE `transfer_requests` ADD `picked_at` text;--> statement-breakpoint
ALTER TABLE `transfer_requests` ADD `picked_by` integer;--> statement-breakpoint
CREATE INDEX `transfer_requests_order_idx` ON `transfer_requests` (`order_id`);