CREATE TABLE `alert_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`kind` text NOT NULL,
	`location_id` integer,
	`facts` text NOT NULL,
	`subject` text,
	`body` text,
	`recipients` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pendiente' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_to` text DEFAULT '[]' NOT NULL,
	`sent_at` text,
	`message_id` text,
	`last_error` text,
	`included` text,
	`digest_key` text,
	`notified` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "alert_messages_attempts_ck" CHECK("alert_messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_messages_event_uq` ON `alert_messages` (`company_id`,`event_key`);--> statement-breakpoint
CREATE INDEX `alert_messages_due_idx` ON `alert_messages` (`company_id`,`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `alert_messages_created_idx` ON `alert_messages` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `alert_messages_unnotified_idx` ON `alert_messages` (`company_id`) WHERE "alert_messages"."notified" = 0;--> statement-breakpoint
CREATE TABLE `alert_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`daily_digest` integer DEFAULT false NOT NULL,
	`notification_emails` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_settings_company_uq` ON `alert_settings` (`company_id`);