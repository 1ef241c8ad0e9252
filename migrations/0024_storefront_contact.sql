CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`idempotency_key` text,
	`fingerprint` text,
	`sender_hash` text,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contact_messages_message_ck" CHECK(length("contact_messages"."message") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX `contact_messages_company_idx` ON `contact_messages` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (`company_id`,`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_sender_idx` ON `contact_messages` (`company_id`,`sender_hash`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_key_uq` ON `contact_messages` (`company_id`,`idempotency_key`);--> statement-breakpoint
ALTER TABLE `locations` ADD `opening_hours` text;--> statement-breakpoint
ALTER TABLE `locations` ADD `whatsapp` text;