-- PLATFORM: the schema as migrations 0000-0028 of the single database left it (sqlite_master of a fully
-- migrated database, filtered to this side's tables: docs/sharding.md "Migrations").
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`subdomain` text NOT NULL,
	`email` text NOT NULL,
	`legal_name` text,
	`tax_id` text,
	`phone` text,
	`subscription_plan` text DEFAULT 'basic' NOT NULL,
	`subscription_status` text DEFAULT 'active' NOT NULL,
	`max_locations` integer DEFAULT 3 NOT NULL,
	`max_employees` integer DEFAULT 10 NOT NULL,
	`price_per_location` integer DEFAULT 5000 NOT NULL,
	`monthly_cost` integer DEFAULT 0 NOT NULL,
	`next_billing_date` text,
	`suspended_reason` text,
	`suspended_at` text,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `return_policy` text, `return_window_days` integer DEFAULT 30 NOT NULL, `require_open_till` integer DEFAULT false NOT NULL, `till_alert_threshold` integer DEFAULT 2000000 NOT NULL, `barcode_sequence` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "companies_limits_ck" CHECK("companies"."max_locations" >= 0 AND "companies"."max_employees" >= 0),
	CONSTRAINT "companies_money_ck" CHECK("companies"."price_per_location" >= 0 AND "companies"."monthly_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invoice_number` text NOT NULL,
	`billing_period_start` text NOT NULL,
	`billing_period_end` text NOT NULL,
	`locations_count` integer NOT NULL,
	`price_per_location` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paid_at` text,
	`payment_method` text,
	`payment_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `lines` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_total_ck" CHECK("invoices"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'local' NOT NULL,
	`address` text,
	`phone` text,
	`manager_name` text,
	`capacity` integer,
	`notes` text,
	`is_active` integer DEFAULT true NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `opening_hours` text, `whatsapp` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "locations_capacity_ck" CHECK("locations"."capacity" IS NULL OR "locations"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`email` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` text NOT NULL,
	`locked_until` text
, `inflight` integer DEFAULT 0 NOT NULL, `last_grant` text);
--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_code` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`max_locations` integer NOT NULL,
	`max_employees` integer NOT NULL,
	`price_per_location` integer NOT NULL,
	`features` text DEFAULT '{}' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscription_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`old_plan` text,
	`new_plan` text NOT NULL,
	`old_max_locations` integer,
	`new_max_locations` integer NOT NULL,
	`old_max_employees` integer,
	`new_max_employees` integer NOT NULL,
	`old_price_per_location` integer,
	`new_price_per_location` integer NOT NULL,
	`effective_date` text NOT NULL,
	`reason` text,
	`changed_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `status` text DEFAULT 'applied' NOT NULL, `status_reason` text, `resolved_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`role` text NOT NULL,
	`location_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`last_login_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `pin_hash` text, `session_epoch` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_tenant_ck" CHECK(("users"."role" = 'superuser' AND "users"."company_id" IS NULL) OR ("users"."role" <> 'superuser' AND "users"."company_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `batch_guards` (
	`guard` text NOT NULL,
	CONSTRAINT "batch_guard_held" CHECK("batch_guards"."guard" IS NULL)
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`owner` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` text NOT NULL,
	`locked_until` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
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
CREATE UNIQUE INDEX `companies_subdomain_unique` ON `companies` (`subdomain`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_invoice_number_unique` ON `invoices` (`invoice_number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_period_uq` ON `invoices` (`company_id`,`billing_period_start`);
--> statement-breakpoint
CREATE INDEX `locations_company_idx` ON `locations` (`company_id`,`is_active`);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_plan_code_unique` ON `plans` (`plan_code`);
--> statement-breakpoint
CREATE INDEX `subscription_changes_company_idx` ON `subscription_changes` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`role`);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_user_key_uq` ON `idempotency_keys` (`user_id`,`key`);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_changes_one_scheduled_uq` ON `subscription_changes` (`company_id`) WHERE status = 'scheduled';
--> statement-breakpoint
CREATE INDEX `subscription_changes_due_idx` ON `subscription_changes` (`status`,`effective_date`);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_directory_email_unique` ON `user_directory` (`email`);
--> statement-breakpoint
CREATE TRIGGER `users_session_epoch_bump` AFTER UPDATE OF `password_hash`, `is_active`, `role` ON `users`
WHEN OLD.`session_epoch` = NEW.`session_epoch` AND (
  OLD.`password_hash` IS NOT NEW.`password_hash` OR OLD.`is_active` IS NOT NEW.`is_active` OR OLD.`role` IS NOT NEW.`role`
)
BEGIN
  UPDATE `users` SET `session_epoch` = `session_epoch` + 1 WHERE `id` = NEW.`id`;
END;
