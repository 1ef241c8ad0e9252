ALTER TABLE `cash_movements` ADD `authorized_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `cash_sessions` ADD `closing_figures` text;