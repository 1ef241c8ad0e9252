CREATE TABLE `cost_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`cost_id` integer NOT NULL,
	`due_date` text,
	`next_due_date` text NOT NULL,
	`previous_last_paid_date` text,
	`amount` integer NOT NULL,
	`paid_on` text NOT NULL,
	`method` text NOT NULL,
	`note` text,
	`paid_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`undone_at` text,
	`undone_by` integer,
	`undo_reason` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cost_id`) REFERENCES `operating_costs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cost_payments_amount_ck" CHECK("cost_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `cost_payments_cost_idx` ON `cost_payments` (`company_id`,`cost_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cost_payments_live_due_uq` ON `cost_payments` (`cost_id`,`due_date`) WHERE undone_at IS NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `lines` text DEFAULT '[]' NOT NULL;