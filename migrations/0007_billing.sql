ALTER TABLE `subscription_changes` ADD `status` text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscription_changes` ADD `status_reason` text;--> statement-breakpoint
ALTER TABLE `subscription_changes` ADD `resolved_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_changes_one_scheduled_uq` ON `subscription_changes` (`company_id`) WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX `subscription_changes_due_idx` ON `subscription_changes` (`status`,`effective_date`);