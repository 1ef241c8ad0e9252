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
CREATE UNIQUE INDEX `idempotency_keys_user_key_uq` ON `idempotency_keys` (`user_id`,`key`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `inflight` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `last_grant` text;--> statement-breakpoint
CREATE INDEX `transfer_requests_original_idx` ON `transfer_requests` (`original_transfer_id`,`status`);