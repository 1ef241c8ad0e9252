CREATE TABLE `delivery_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`transfer_id` integer NOT NULL,
	`courier_id` integer,
	`outcome` text NOT NULL,
	`reason` text,
	`notes` text,
	`attempted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfer_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`courier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "delivery_attempts_outcome_ck" CHECK("delivery_attempts"."outcome" IN ('failed', 'delivered')),
	CONSTRAINT "delivery_attempts_reason_ck" CHECK(("delivery_attempts"."outcome" = 'failed') = ("delivery_attempts"."reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `delivery_attempts_transfer_idx` ON `delivery_attempts` (`transfer_id`,`id`);--> statement-breakpoint
ALTER TABLE `transfer_requests` ADD `reservation_expired_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `stock_movements_transfer_back_uq` ON `stock_movements` (`transfer_id`) WHERE reason = 'transfer_back';--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers or data): every delivery attempt is kept as it
-- was recorded; a later delivery or a correction is a new row, never an edit or a deletion.
CREATE TRIGGER `delivery_attempts_no_update` BEFORE UPDATE ON `delivery_attempts`
BEGIN
  SELECT RAISE(ABORT, 'delivery_attempts is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `delivery_attempts_no_delete` BEFORE DELETE ON `delivery_attempts`
BEGIN
  SELECT RAISE(ABORT, 'delivery_attempts is append-only');
END;
--> statement-breakpoint
-- A courier's acceptance stops the reservation's clock (issue 32 §3): requests a courier already took
-- keep their reservation with no expiry.
UPDATE `transfer_requests` SET `reserved_until` = NULL WHERE `status` = 'courier_assigned';
