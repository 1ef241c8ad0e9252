CREATE TABLE `company_directory` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`region` text NOT NULL,
	`moving_since` text,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_directory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`company_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_directory_email_unique` ON `user_directory` (`email`);