ALTER TABLE `companies` ADD `require_open_till` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `till_alert_threshold` integer DEFAULT 2000000 NOT NULL;