CREATE TABLE `numbering_ranges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`resolution_number` text NOT NULL,
	`resolution_date` text NOT NULL,
	`prefix` text NOT NULL,
	`range_from` integer NOT NULL,
	`range_to` integer NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text NOT NULL,
	`document_text` text NOT NULL,
	`next_number` integer NOT NULL,
	`active` integer NOT NULL,
	`last_taken_by` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "numbering_ranges_bounds_ck" CHECK("numbering_ranges"."range_from" >= 1 AND "numbering_ranges"."range_to" >= "numbering_ranges"."range_from" AND "numbering_ranges"."next_number" >= "numbering_ranges"."range_from" AND "numbering_ranges"."next_number" <= "numbering_ranges"."range_to" + 1 AND "numbering_ranges"."valid_until" >= "numbering_ranges"."valid_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `numbering_ranges_active_uq` ON `numbering_ranges` (`company_id`,`location_id`) WHERE "numbering_ranges"."active" = 1;--> statement-breakpoint
CREATE INDEX `numbering_ranges_company_prefix_idx` ON `numbering_ranges` (`company_id`,`prefix`);