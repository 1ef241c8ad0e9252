CREATE TABLE `cash_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_movements_amount_ck" CHECK("cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `cash_movements_session_idx` ON `cash_movements` (`session_id`);--> statement-breakpoint
CREATE TABLE `cash_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`opened_by` integer NOT NULL,
	`opened_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`opening_float` integer NOT NULL,
	`closed_by` integer,
	`closed_at` text,
	`expected_cash` integer,
	`expected_card` integer,
	`expected_transfer` integer,
	`counted_cash` integer,
	`counted_card` integer,
	`counted_transfer` integer,
	`close_note` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_sessions_money_ck" CHECK("cash_sessions"."opening_float" >= 0 AND COALESCE("cash_sessions"."counted_cash", 0) >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_one_open_uq` ON `cash_sessions` (`location_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `cash_sessions_company_idx` ON `cash_sessions` (`company_id`,`opened_at`);