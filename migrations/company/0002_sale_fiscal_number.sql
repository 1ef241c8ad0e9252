ALTER TABLE `companies` ADD `require_fiscal_numbering` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `numbering_range_id` integer REFERENCES numbering_ranges(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `fiscal_prefix` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `fiscal_number` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_fiscal_number_uq` ON `sales` (`company_id`,`fiscal_prefix`,`fiscal_number`);